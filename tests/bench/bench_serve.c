/* bench_serve.c — how fast `grader serve` accepts: the 202 at 100 concurrent
 * uploads on loopback.
 *
 * Starts the real binary ($GRADER, else bin/grader) with an SQLite queue and
 * no workers (the accept path alone), then sends rounds of 100 simultaneous
 * multipart uploads of exercises/samples/attention_by_hand.py, each student
 * one, each on a fresh connection (libcurl multi).  The peer, measured in
 * the same run with its rounds interleaved, is the same upload naming an
 * unknown exercise: the same connection, token check, body read, multipart
 * parse and upload checks, answered 422 — everything but the group commit
 * to disk.  Prints p50/p99/max of each, the p99 ratio, and whether the p99
 * of the 202 meets the 20 ms target (exit 1 if not, or if an upload failed).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#define CONCURRENCY 100
#define ROUNDS 12
#define WARMUP_ROUNDS 2
#define TARGET_P99_MS 20.0
#define SAMPLE "exercises/samples/attention_by_hand.py"

static char dir[64], tokens[CONCURRENCY][1100], base[64];
static pid_t server;

static void die(const char *what)
{
    fprintf(stderr, "bench_serve: %s\n", what);
    if (server > 0)
        kill(server, SIGKILL);
    exit(2);
}

static const char *grader_path(void)
{
    const char *g = getenv("GRADER");

    return g && *g ? g : "bin/grader";
}

/* Tokens for students b000..b099, one `grader token issue` call. */
static void make_tokens(void)
{
    char cmd[512], line[1200];
    FILE *p;
    int n = 0;

    snprintf(cmd, sizeof cmd, "'%s' token keygen %s/key >/dev/null && '%s' token issue "
             "$(seq -f 'b%%03g' 0 %d) --course bench --key %s/key", grader_path(), dir,
             grader_path(), CONCURRENCY - 1, dir);
    if (!(p = popen(cmd, "r")))
        die("cannot run grader token");
    while (n < CONCURRENCY && fgets(line, sizeof line, p)) {
        char *sp = strchr(line, ' ');

        if (!sp)
            break;
        sp[1 + strcspn(sp + 1, "\n")] = '\0';
        snprintf(tokens[n++], sizeof tokens[0], "%s", sp + 1);
    }
    if (pclose(p) != 0 || n != CONCURRENCY)
        die("cannot issue tokens");
}

static void start_server(void)
{
    char port_file[128], db[128], key[128], port[16] = "";

    snprintf(port_file, sizeof port_file, "%s/port", dir);
    snprintf(db, sizeof db, "%s/q.sqlite", dir);
    snprintf(key, sizeof key, "%s/key", dir);
    server = fork();
    if (server < 0)
        die("fork");
    if (server == 0) {
        freopen("/dev/null", "w", stderr);
        execl(grader_path(), "grader", "serve", "--listen", "127.0.0.1:0", "--port-file",
              port_file, "--db", db, "--token-key", key, "--workers", "0", "--per-hour", "0",
              "--max-pending", "0", "--max-queue", "0", "--max-per-ip", "0", (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 400 && !port[0]; i++) {
        FILE *f = fopen(port_file, "r");

        if (f) {
            if (!fgets(port, sizeof port, f))
                port[0] = '\0';
            fclose(f);
        }
        if (!port[0])
            usleep(50000);
    }
    if (!port[0])
        die("grader serve did not start");
    port[strcspn(port, "\n")] = '\0';
    snprintf(base, sizeof base, "http://127.0.0.1:%s", port);
}

static size_t discard(char *data, size_t size, size_t n, void *cls)
{
    (void)data, (void)cls;
    return size * n;
}

/* One round: CONCURRENCY uploads at once; latencies (ms) into out. */
static int round_of(const char *exercise, long want, double *out)
{
    CURLM *multi = curl_multi_init();
    CURL *easy[CONCURRENCY];
    curl_mime *mime[CONCURRENCY];
    struct curl_slist *hdr[CONCURRENCY];
    char url[160], auth[sizeof tokens[0] + 32];
    int running, failures = 0;

    snprintf(url, sizeof url, "%s/api/v1/submissions", base);
    for (int i = 0; i < CONCURRENCY; i++) {
        curl_mimepart *part;

        easy[i] = curl_easy_init();
        mime[i] = curl_mime_init(easy[i]);
        part = curl_mime_addpart(mime[i]);
        curl_mime_name(part, "file");
        curl_mime_filedata(part, SAMPLE);
        part = curl_mime_addpart(mime[i]);
        curl_mime_name(part, "exercise");
        curl_mime_data(part, exercise, CURL_ZERO_TERMINATED);
        snprintf(auth, sizeof auth, "Authorization: Bearer %.1099s", tokens[i]);
        hdr[i] = curl_slist_append(NULL, auth);
        hdr[i] = curl_slist_append(hdr[i], "Expect:");
        curl_easy_setopt(easy[i], CURLOPT_URL, url);
        curl_easy_setopt(easy[i], CURLOPT_MIMEPOST, mime[i]);
        curl_easy_setopt(easy[i], CURLOPT_HTTPHEADER, hdr[i]);
        curl_easy_setopt(easy[i], CURLOPT_FRESH_CONNECT, 1L);
        curl_easy_setopt(easy[i], CURLOPT_FORBID_REUSE, 1L);
        curl_easy_setopt(easy[i], CURLOPT_WRITEFUNCTION, discard);
        curl_easy_setopt(easy[i], CURLOPT_TIMEOUT, 30L);
        curl_multi_add_handle(multi, easy[i]);
    }
    do {
        curl_multi_perform(multi, &running);
        if (running)
            curl_multi_poll(multi, NULL, 0, 100, NULL);
    } while (running);
    for (int i = 0; i < CONCURRENCY; i++) {
        curl_off_t us = 0;
        long code = 0;

        curl_easy_getinfo(easy[i], CURLINFO_RESPONSE_CODE, &code);
        curl_easy_getinfo(easy[i], CURLINFO_TOTAL_TIME_T, &us);
        failures += code != want;
        out[i] = (double)us / 1000.0;
        curl_multi_remove_handle(multi, easy[i]);
        curl_mime_free(mime[i]);
        curl_slist_free_all(hdr[i]);
        curl_easy_cleanup(easy[i]);
    }
    curl_multi_cleanup(multi);
    return failures;
}

/* The server's CPU time so far (ms): what a request costs it, whatever the
 * machine's load does to the latencies. */
static double server_cpu_ms(void)
{
    char path[64], buf[1024], *p;
    unsigned long long ut = 0, st = 0;
    FILE *f;
    size_t n;

    snprintf(path, sizeof path, "/proc/%ld/stat", (long)server);
    if (!(f = fopen(path, "r")))
        return 0;
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    p = strrchr(buf, ')');
    /* fields 14 and 15 (utime, stime) are the 12th and 13th after ") " */
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
        return 0;
    return (double)(ut + st) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
}

/* The 1-minute load average: latencies on a shared machine mean little without it. */
static double load1(void)
{
    double l = -1;
    FILE *f = fopen("/proc/loadavg", "r");

    if (f) {
        if (fscanf(f, "%lf", &l) != 1)
            l = -1;
        fclose(f);
    }
    return l;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double pct(const double *sorted, size_t n, double p)
{
    size_t i = (size_t)(p * (double)(n - 1) + 0.5);

    return sorted[i < n ? i : n - 1];
}

int main(void)
{
    static double real[ROUNDS * CONCURRENCY], peer[ROUNDS * CONCURRENCY], scratch[CONCURRENCY];
    char cmd[128];
    size_t n = 0;
    int failed = 0;
    double load_start = load1(), cpu_real = 0, cpu_peer = 0;

    snprintf(dir, sizeof dir, "/tmp/gbbenchserveXXXXXX");
    if (!mkdtemp(dir))
        die("mkdtemp");
    curl_global_init(CURL_GLOBAL_DEFAULT);
    make_tokens();
    start_server();
    printf("grader serve (SQLite, no workers): %d rounds of %d concurrent uploads, "
           "fresh connections\n", ROUNDS, CONCURRENCY);
    for (int r = 0; r < WARMUP_ROUNDS; r++) {
        round_of("attention_by_hand", 202, scratch);
        round_of("no_such_exercise", 422, scratch);
    }
    for (int r = 0; r < ROUNDS; r++) {
        double c0 = server_cpu_ms(), c1, c2;

        failed += round_of("no_such_exercise", 422, peer + n);
        c1 = server_cpu_ms();
        failed += round_of("attention_by_hand", 202, real + n);
        c2 = server_cpu_ms();
        cpu_peer += c1 - c0;
        cpu_real += c2 - c1;
        n += CONCURRENCY;
    }
    kill(server, SIGTERM);
    waitpid(server, NULL, 0);
    qsort(real, n, sizeof *real, cmp_double);
    qsort(peer, n, sizeof *peer, cmp_double);
    printf("  202 accepted (durable commit): p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms\n",
           pct(real, n, .5), pct(real, n, .99), real[n - 1]);
    printf("  peer: 422, no commit:          p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms\n",
           pct(peer, n, .5), pct(peer, n, .99), peer[n - 1]);
    printf("  server CPU per request: 202 %.2f ms, peer %.2f ms (user + system time)\n",
           cpu_real / (double)n, cpu_peer / (double)n);
    printf("  load average %.1f at the start, %.1f at the end, on %ld cores\n", load_start,
           load1(), sysconf(_SC_NPROCESSORS_ONLN));
    printf("  ratio p99 202/peer: %.2f; target p99 < %.0f ms: %s\n",
           pct(real, n, .99) / pct(peer, n, .99), TARGET_P99_MS,
           pct(real, n, .99) < TARGET_P99_MS ? "met" : "NOT met");
    if (failed)
        printf("  %d request(s) got another status than expected\n", failed);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_serve: could not remove %s\n", dir);
    curl_global_cleanup();
    return failed || pct(real, n, .99) >= TARGET_P99_MS ? 1 : 0;
}
