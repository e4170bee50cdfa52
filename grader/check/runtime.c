/* runtime.c — probes the student runtime and caches the answer (see runtime.h). */
#define _GNU_SOURCE
#include "check/runtime.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"

#define PROBE_TIMEOUT_MS  120000    /* importing torch on a loaded machine */
#define PROBE_MAX_OUTPUT  (1024 * 1024)   /* torch loads some 300 libraries */
#define CACHE_MAX_BYTES   (1024 * 1024)
#define MAX_WATCH         64
#define MAX_PATHS         4096

/* Prints one "key value" per line.  "watch" lines name files and directories
 * whose change invalidates the cached answer: every sys.path directory (a
 * package installed or removed changes it) and the modules' own files.
 * "path" lines are what the sandbox must show for the interpreter to run
 * (runtime.h): its module directories (sys.path, the sysconfig and site
 * directories, a venv's pyvenv.cfg), and, once numpy and torch are imported,
 * every shared object loaded under the name the loader opened it by (so its
 * soname link is recreated; the sandbox follows the link to the file) and the
 * directory of every mapped data file (a locale's: they come in sets).  The
 * shared objects mapped are those loaded, so they are not listed twice. */
static const char probe_script[] =
    "import sys, os\n"
    "print('python', sys.version.split()[0])\n"
    "shown = set()\n"
    "def show(p):\n"
    "    if p and os.path.isabs(p) and os.path.exists(p) and p not in shown:\n"
    "        shown.add(p); print('path', os.path.abspath(p))\n"
    "for p in sys.path:\n"
    "    if p and os.path.isdir(p): print('watch', os.path.abspath(p))\n"
    "    show(p)\n"
    "try:\n"
    "    import sysconfig, site\n"
    "    for k in ('stdlib', 'platstdlib', 'purelib', 'platlib'): show(sysconfig.get_path(k))\n"
    "    for p in site.getsitepackages(): show(p)\n"
    "except Exception: pass\n"
    "show(os.path.join(sys.prefix, 'pyvenv.cfg'))\n"
    "try:\n"
    "    import numpy\n"
    "    print('numpy', numpy.__version__); print('watch', numpy.__file__)\n"
    "except Exception: pass\n"
    "try:\n"
    "    import torch, torch.nn.functional as F\n"
    "    print('torch', torch.__version__); print('watch', torch.__file__)\n"
    "    print('sdpa', int(hasattr(F, 'scaled_dot_product_attention')))\n"
    "except Exception: pass\n"
    "def elf(p):\n"
    "    try:\n"
    "        with open(p, 'rb') as f: return f.read(4) == b'\\x7fELF'\n"
    "    except OSError: return False\n"
    "try:\n"
    "    import ctypes\n"
    "    class Info(ctypes.Structure):\n"
    "        _fields_ = [('addr', ctypes.c_void_p), ('name', ctypes.c_char_p)]\n"
    "    Each = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(Info), ctypes.c_size_t,\n"
    "                            ctypes.c_void_p)\n"
    "    def each(info, size, data):\n"
    "        if info.contents.name: show(os.fsdecode(info.contents.name))\n"
    "        return 0\n"
    "    ctypes.CDLL(None).dl_iterate_phdr(Each(each), None)\n"
    "except Exception: pass\n"
    "for line in open('/proc/self/maps'):\n"
    "    f = line.rstrip('\\n').split(None, 5)\n"
    "    if len(f) == 6 and os.path.isfile(f[5]) and not elf(f[5]):\n"
    "        d = os.path.dirname(f[5])\n"
    "        show(f[5] if d == '/' else d)\n";

struct watch_list {
    char *path[MAX_WATCH];
    size_t n;
};

/* Adds path to rt->paths once, keeping the list NULL-terminated. */
static int add_path(struct runtime *rt, const char *path, struct gb_err *err)
{
    char **grown;

    for (size_t i = 0; i < rt->n_paths; i++)
        if (!strcmp(rt->paths[i], path))
            return 0;
    if (rt->n_paths == MAX_PATHS)
        return gb_fail(err, "it reported more than %d paths it needs", MAX_PATHS);
    grown = realloc(rt->paths, (rt->n_paths + 2) * sizeof *grown);
    if (!grown)
        return gb_fail(err, "out of memory");
    rt->paths = grown;
    if (!(rt->paths[rt->n_paths] = strdup(path)))
        return gb_fail(err, "out of memory");
    rt->paths[++rt->n_paths] = NULL;
    return 0;
}

static void watch_free(struct watch_list *w)
{
    for (size_t i = 0; i < w->n; i++)
        free(w->path[i]);
    w->n = 0;
}

/* A file's identity for cache validation: inode, size and mtime. */
static int stat_signature(const char *path, char *sig, size_t size)
{
    struct stat st;

    if (stat(path, &st) < 0)
        return -1;
    snprintf(sig, size, "%llu:%lld:%lld.%09ld", (unsigned long long)st.st_ino,
             (long long)st.st_size, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
    return 0;
}

static void child_exec(const char *python, int out_fd)
{
    char *const argv[] = { (char *)python, "-c", (char *)probe_script, NULL };
    char *const envp[] = { "PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8", "HOME=/nonexistent",
                           "PYTHONNOUSERSITE=1", "PYTHONDONTWRITEBYTECODE=1", NULL };
    int devnull = open("/dev/null", O_RDWR);

    if (devnull < 0 || dup2(devnull, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(devnull, 2) < 0)
        _exit(126);
    execve(python, argv, envp);
    _exit(127);
}

static long elapsed_ms(const struct timespec *t0)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - t0->tv_sec) * 1000L + (now.tv_nsec - t0->tv_nsec) / 1000000L;
}

/* Reads the child's stdout until EOF, the size cap or the timeout. */
static int read_child(int fd, struct gb_buf *out, struct gb_err *err)
{
    struct timespec t0;
    char chunk[4096];

    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        struct pollfd pfd = { .fd = fd, .events = POLLIN };
        long left = PROBE_TIMEOUT_MS - elapsed_ms(&t0);
        ssize_t n;

        if (left <= 0)
            return gb_fail(err, "no answer within %d s", PROBE_TIMEOUT_MS / 1000);
        if (poll(&pfd, 1, (int)left) < 0) {
            if (errno == EINTR)
                continue;
            return gb_fail_errno(err, "poll");
        }
        n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return gb_fail_errno(err, "read");
        if (n == 0)
            return 0;
        if (out->len + (size_t)n > PROBE_MAX_OUTPUT)
            return gb_fail(err, "more than %d bytes of answer", PROBE_MAX_OUTPUT);
        if (gb_buf_append(out, chunk, (size_t)n, err))
            return -1;
    }
}

static int run_probe(const char *python, struct gb_buf *out, struct gb_err *err)
{
    int fds[2], status, rc;
    pid_t pid;

    if (pipe2(fds, O_CLOEXEC) < 0)
        return gb_fail_errno(err, "cannot create a pipe");
    pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return gb_fail_errno(err, "cannot fork");
    }
    if (pid == 0)
        child_exec(python, fds[1]);
    close(fds[1]);
    rc = read_child(fds[0], out, err);
    close(fds[0]);
    if (rc)
        kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return gb_fail_errno(err, "waitpid");
    if (rc)
        return -1;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        return gb_fail(err, "cannot execute it");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return gb_fail(err, "it failed to run a three-line version script");
    return 0;
}

static int set_str(char **dst, const char *s, struct gb_err *err)
{
    free(*dst);
    *dst = strdup(s);
    return *dst ? 0 : gb_fail(err, "out of memory");
}

/* Parses the probe's "key value" lines into rt and the watch list. */
static int parse_probe(char *text, struct runtime *rt, struct watch_list *w,
                       struct gb_err *err)
{
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *val = strchr(line, ' ');
        int rc = 0;

        if (!val)
            continue;
        *val++ = '\0';
        if (!strcmp(line, "python"))
            rc = set_str(&rt->python, val, err);
        else if (!strcmp(line, "torch"))
            rc = set_str(&rt->torch, val, err);
        else if (!strcmp(line, "numpy"))
            rc = set_str(&rt->numpy, val, err);
        else if (!strcmp(line, "sdpa"))
            rt->has_sdpa = !strcmp(val, "1");
        else if (!strcmp(line, "path"))
            rc = add_path(rt, val, err);
        else if (!strcmp(line, "watch") && w->n < MAX_WATCH) {
            if (!(w->path[w->n] = strdup(val)))
                return gb_fail(err, "out of memory");
            w->n++;
        }
        if (rc)
            return -1;
    }
    if (!rt->python)
        return gb_fail(err, "it did not report a Python version");
    if (!rt->n_paths)
        return gb_fail(err, "it did not report where its standard library is");
    return 0;
}

static int default_cache_dir(char *dir, size_t size)
{
    const char *v;

    if ((v = getenv("GRADEBOX_CACHE")))
        snprintf(dir, size, "%s", v);
    else if ((v = getenv("XDG_CACHE_HOME")) && *v)
        snprintf(dir, size, "%s/gradebox", v);
    else if ((v = getenv("HOME")) && *v)
        snprintf(dir, size, "%s/.cache/gradebox", v);
    else
        dir[0] = '\0';
    return dir[0] ? 0 : -1;
}

/* One cache file per interpreter path and probe script:
 * runtime-<sha256(path NUL script) prefix>.json, so that a grader whose
 * probe asks more (the paths the sandbox shows) never reads an older
 * grader's answer. */
static int cache_file(const char *dir, const char *python, char *path, size_t size)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    char hex[17];
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL)
             && EVP_DigestUpdate(ctx, python, strlen(python) + 1)
             && EVP_DigestUpdate(ctx, probe_script, sizeof probe_script - 1)
             && EVP_DigestFinal_ex(ctx, md, &mdlen);

    EVP_MD_CTX_free(ctx);
    if (!ok)
        return -1;
    for (int i = 0; i < 8; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    return snprintf(path, size, "%s/runtime-%s.json", dir, hex) < (int)size ? 0 : -1;
}

static const char *json_str(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static int signature_matches(const char *path, const char *want)
{
    char sig[128];

    return want && stat_signature(path, sig, sizeof sig) == 0 && !strcmp(sig, want);
}

/* The cached "paths" into rt; -1 when absent (a cache written before the
 * sandbox needed them) or malformed. */
static int cache_load_paths(const cJSON *root, struct runtime *rt)
{
    const cJSON *paths = cJSON_GetObjectItemCaseSensitive(root, "paths"), *entry;

    if (!cJSON_IsArray(paths) || cJSON_GetArraySize(paths) == 0)
        return -1;
    cJSON_ArrayForEach(entry, paths)
        if (!cJSON_IsString(entry) || add_path(rt, entry->valuestring, NULL))
            return -1;
    return 0;
}

/* 0 and rt filled when a still-valid answer for python is cached. */
static int cache_load(const char *file, const char *python, struct runtime *rt)
{
    struct gb_buf text = GB_BUF_INIT;
    const cJSON *watch, *entry;
    cJSON *root;
    int ok = 0;

    if (gb_read_file(file, CACHE_MAX_BYTES, &text, NULL))
        return -1;
    root = cJSON_Parse(text.data);
    gb_buf_free(&text);
    if (!root)
        return -1;
    watch = cJSON_GetObjectItemCaseSensitive(root, "watch");
    if (json_str(root, "python_path") && !strcmp(json_str(root, "python_path"), python)
        && signature_matches(python, json_str(root, "python_signature"))
        && json_str(root, "python") && cJSON_IsObject(watch)) {
        ok = 1;
        cJSON_ArrayForEach(entry, watch)
            if (!cJSON_IsString(entry) || !signature_matches(entry->string, entry->valuestring))
                ok = 0;
    }
    if (ok) {
        const cJSON *sdpa = cJSON_GetObjectItemCaseSensitive(root, "sdpa");
        const char *torch = json_str(root, "torch"), *numpy = json_str(root, "numpy");

        rt->python = strdup(json_str(root, "python"));
        rt->torch = torch ? strdup(torch) : NULL;
        rt->numpy = numpy ? strdup(numpy) : NULL;
        rt->has_sdpa = cJSON_IsTrue(sdpa);
        ok = rt->python && (!torch || rt->torch) && (!numpy || rt->numpy)
             && cache_load_paths(root, rt) == 0;
    }
    cJSON_Delete(root);
    return ok ? 0 : -1;
}

static int mkdir_parents(const char *dir)
{
    char path[4096];

    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path)
        return -1;
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0700) < 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(path, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

/* Best effort: a cache that cannot be written only costs the next probe. */
static void cache_store(const char *dir, const char *file, const char *python,
                        const struct runtime *rt, const struct watch_list *w)
{
    cJSON *root = cJSON_CreateObject(), *watch = cJSON_CreateObject();
    cJSON *paths = cJSON_CreateStringArray((const char *const *)rt->paths, (int)rt->n_paths);
    char sig[128];
    char *text = NULL;
    int ok = root && watch && stat_signature(python, sig, sizeof sig) == 0;

    ok = ok && cJSON_AddStringToObject(root, "python_path", python)
         && cJSON_AddStringToObject(root, "python_signature", sig)
         && cJSON_AddStringToObject(root, "python", rt->python)
         && (!rt->torch || cJSON_AddStringToObject(root, "torch", rt->torch))
         && (!rt->numpy || cJSON_AddStringToObject(root, "numpy", rt->numpy))
         && cJSON_AddBoolToObject(root, "sdpa", rt->has_sdpa)
         && paths && cJSON_AddItemToObject(root, "paths", paths);
    if (ok)
        paths = NULL;
    for (size_t i = 0; ok && i < w->n; i++)
        ok = stat_signature(w->path[i], sig, sizeof sig) == 0
             && cJSON_AddStringToObject(watch, w->path[i], sig);
    if (ok) {
        cJSON_AddItemToObject(root, "watch", watch);
        watch = NULL;
        text = cJSON_Print(root);
    }
    if (text && mkdir_parents(dir) == 0)
        gb_write_file_atomic(file, text, strlen(text), NULL);
    free(text);
    cJSON_Delete(paths);
    cJSON_Delete(watch);
    cJSON_Delete(root);
}

int runtime_probe(const char *python, const char *cache_dir, struct runtime *rt,
                  struct gb_err *err)
{
    struct watch_list watch = { .n = 0 };
    struct gb_buf out = GB_BUF_INIT;
    char dir[2048], file[2300];
    int use_cache, rc;

    memset(rt, 0, sizeof *rt);
    if (python[0] != '/')
        return gb_fail(err, "the Python runtime must be an absolute path, not '%s'", python);
    if (access(python, X_OK) < 0)
        return gb_fail_errno(err, "the Python runtime %s cannot be executed", python);
    if (!(rt->python_path = strdup(python)))
        return gb_fail(err, "out of memory");
    if (cache_dir)
        snprintf(dir, sizeof dir, "%s", cache_dir);
    use_cache = (cache_dir ? dir[0] != '\0' : default_cache_dir(dir, sizeof dir) == 0)
                && cache_file(dir, python, file, sizeof file) == 0;
    if (use_cache && cache_load(file, python, rt) == 0) {
        rt->from_cache = 1;
        return 0;
    }
    if (use_cache) {   /* nothing a refused cache entry filled in may survive */
        char *path = rt->python_path;

        rt->python_path = NULL;
        runtime_free(rt);
        rt->python_path = path;
    }
    rc = run_probe(python, &out, err);
    if (rc == 0)
        rc = parse_probe(out.data ? out.data : (char[]){ "" }, rt, &watch, err);
    if (rc == 0 && use_cache)
        cache_store(dir, file, python, rt, &watch);
    gb_buf_free(&out);
    watch_free(&watch);
    if (rc)
        return gb_err_prefix(err, "cannot probe the Python runtime %s", python);
    return 0;
}

/* "1.13" of "1.13.0a0+git": what a student compares with their own. */
static int major_minor(const char *version)
{
    const char *dot = strchr(version, '.');
    size_t n = strspn(version, "0123456789");

    if (dot && (size_t)(dot - version) == n && isdigit((unsigned char)dot[1]))
        n += 1 + strspn(dot + 1, "0123456789");
    return (int)n;
}

/* The exception a traceback ends with: its last non-empty line. */
static const char *final_line(const char *text)
{
    const char *end = text + strlen(text), *start;

    while (end > text && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
        end--;
    for (start = end; start > text && start[-1] != '\n'; start--)
        ;
    return start;
}

static int starts(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

/* What the script imported that the runtime lacks, from the exception line:
 * "matplotlib is not available", or "its torch.nn.functional has no
 * scaled_dot_product_attention". */
static int what_is_missing(const char *line, struct gb_buf *b, struct gb_err *err)
{
    static const char mod[] = "ModuleNotFoundError: No module named '",
                      name[] = "ImportError: cannot import name '";
    const char *m = line + sizeof mod - 1, *i = line + sizeof name - 1, *from;
    int eol = (int)strcspn(line, "\r\n");

    if (starts(line, mod))
        return gb_buf_printf(b, err, "%.*s is not available", (int)strcspn(m, "'.\r\n"), m);
    if (starts(line, name) && (from = strstr(i, "' from '")) && from < line + eol)
        return gb_buf_printf(b, err, "its %.*s has no %.*s", (int)strcspn(from + 8, "'\r\n"),
                             from + 8, (int)(from - i), i);
    return gb_buf_printf(b, err, "the import failed (%.*s)", eol, line);
}

int runtime_import_advice(const char *python, const char *numpy, const char *torch,
                          const char *crash_tail, char **advice, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    const char *line = crash_tail ? final_line(crash_tail) : "";
    int rc;

    *advice = NULL;
    if (!starts(line, "ModuleNotFoundError: ") && !starts(line, "ImportError: "))
        return 0;
    rc = gb_buf_printf(&b, err, "The run stopped at an import: the grading runtime has Python "
                       "%.*s", python ? major_minor(python) : 1, python ? python : "3");
    if (rc == 0 && numpy)
        rc = gb_buf_printf(&b, err, ", numpy %.*s", major_minor(numpy), numpy);
    if (rc == 0 && torch)
        rc = gb_buf_printf(&b, err, ", torch %.*s", major_minor(torch), torch);
    if (rc == 0)
        rc = gb_buf_puts(&b, " and the standard library; ", err) || what_is_missing(line, &b, err)
             || gb_buf_puts(&b, " — remove the import or guard it (try: ... except "
                            "ImportError: ...), then check again.", err) ? -1 : 0;
    if (rc == 0)
        *advice = gb_buf_steal(&b);
    gb_buf_free(&b);
    return rc;
}

int runtime_needs_sdpa_shim(const struct runtime *rt)
{
    return rt->torch && !rt->has_sdpa;
}

void runtime_free(struct runtime *rt)
{
    free(rt->python_path);
    free(rt->python);
    free(rt->torch);
    free(rt->numpy);
    for (size_t i = 0; i < rt->n_paths; i++)
        free(rt->paths[i]);
    free(rt->paths);
    memset(rt, 0, sizeof *rt);
}
