# Reads what it must never see; argv: a sibling submission, the rubrics dir.
import os, sys
for path in ["/etc/shadow", "/root", "/home", sys.argv[1], sys.argv[2],
             "/proc/1/environ", "/proc/1/root/etc/hostname"]:
    try:
        if os.path.isdir(path):
            print(path, "listed", len(os.listdir(path)))
        else:
            print(path, "read", len(open(path, "rb").read()))
    except OSError as e:
        print(path, "errno", e.errno)
print("env", sorted(k for k in os.environ if "SECRET" in k))
