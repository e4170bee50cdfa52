/* sandbox_ns.c — namespaces, id maps and privilege drop (see sandbox_ns.h). */
#define _GNU_SOURCE
#include "sandbox/sandbox_ns.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

pid_t sandbox_ns_clone(struct gb_err *err)
{
    unsigned long flags = CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET |
                          CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD;
    /* The raw system call with no stack behaves like fork(); glibc's clone()
     * wrapper would need a separate stack and a function. */
    long pid = syscall(SYS_clone, flags, NULL, NULL, NULL, NULL);

    if (pid < 0)
        return gb_fail_errno(err, "cannot create the sandbox namespaces "
                             "(user namespaces may be disabled or blocked by a container)");
    return (pid_t)pid;
}

uid_t sandbox_ns_host_uid(void)
{
    return geteuid() == 0 ? SANDBOX_NS_HOST_NOBODY : geteuid();
}

gid_t sandbox_ns_host_gid(void)
{
    return geteuid() == 0 ? SANDBOX_NS_HOST_NOBODY : getegid();
}

static int write_proc(pid_t pid, const char *file, const char *text, struct gb_err *err)
{
    char path[64];
    size_t len = strlen(text);
    int fd;

    snprintf(path, sizeof path, "/proc/%ld/%s", (long)pid, file);
    fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return gb_fail_errno(err, "cannot open %s", path);
    if (write(fd, text, len) != (ssize_t)len) {
        gb_fail_errno(err, "cannot write %s", path);
        close(fd);
        return -1;
    }
    close(fd);
    return 0;
}

int sandbox_ns_write_maps(pid_t child, struct gb_err *err)
{
    char map[64];

    /* Unprivileged, gid_map may only be written once setgroups is denied. */
    if (geteuid() != 0 && write_proc(child, "setgroups", "deny", err))
        return -1;
    snprintf(map, sizeof map, "%d %ld 1\n", SANDBOX_NS_ID, (long)sandbox_ns_host_uid());
    if (write_proc(child, "uid_map", map, err))
        return -1;
    snprintf(map, sizeof map, "%d %ld 1\n", SANDBOX_NS_ID, (long)sandbox_ns_host_gid());
    return write_proc(child, "gid_map", map, err);
}

int sandbox_ns_setup_net_uts(struct gb_err *err)
{
    struct ifreq ifr;
    int fd;

    if (sethostname("gradebox", 8))
        return gb_fail_errno(err, "cannot set the sandbox host name");
    fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return gb_fail_errno(err, "cannot open a socket to configure loopback");
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "lo");
    if (ioctl(fd, SIOCGIFFLAGS, &ifr) == 0) {
        ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
        if (ioctl(fd, SIOCSIFFLAGS, &ifr) == 0) {
            close(fd);
            return 0;
        }
    }
    gb_fail_errno(err, "cannot bring up loopback in the sandbox");
    close(fd);
    return -1;
}

static int set_effective_caps(int all, struct gb_err *err)
{
    struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];

    if (syscall(SYS_capget, &hdr, data))
        return gb_fail_errno(err, "cannot read capabilities");
    for (int i = 0; i < 2; i++) {
        if (all)
            data[i].effective = data[i].permitted;
        else
            data[i].effective = data[i].permitted = data[i].inheritable = 0;
    }
    if (syscall(SYS_capset, &hdr, data))
        return gb_fail_errno(err, "cannot set capabilities");
    return 0;
}

int sandbox_ns_become_sandbox_id(int host_root, struct gb_err *err)
{
    gid_t gid = SANDBOX_NS_ID;
    uid_t uid = SANDBOX_NS_ID;

    /* Root's supplementary groups (gid 0) would otherwise still open
     * group-readable host files.  Unprivileged, setgroups is denied and the
     * groups are the grader user's own. */
    /* Raw system calls, not libc's: after a raw clone from a multi-threaded
     * grader, libc would try to apply the change to threads that are not
     * here. */
    if (host_root && syscall(SYS_setgroups, 0, NULL))
        return gb_fail_errno(err, "cannot clear supplementary groups");
    /* Keep the namespace capabilities across the id change: building the
     * file system still needs them. */
    if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
        return gb_fail_errno(err, "cannot keep capabilities");
    if (syscall(SYS_setresgid, gid, gid, gid))
        return gb_fail_errno(err, "cannot switch to the sandbox group");
    if (syscall(SYS_setresuid, uid, uid, uid))
        return gb_fail_errno(err, "cannot switch to the sandbox user");
    if (prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0))
        return gb_fail_errno(err, "cannot reset keep-capabilities");
    return set_effective_caps(1, err);
}

int sandbox_ns_drop_privileges(struct gb_err *err)
{
    /* The bounding set goes first: dropping it needs CAP_SETPCAP. */
    for (int cap = 0; cap <= CAP_LAST_CAP; cap++)
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) && errno != EINVAL)
            return gb_fail_errno(err, "cannot drop capability %d", cap);
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0))
        return gb_fail_errno(err, "cannot clear ambient capabilities");
    if (set_effective_caps(0, err))
        return -1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
        return gb_fail_errno(err, "cannot set no_new_privs");
    return 0;
}
