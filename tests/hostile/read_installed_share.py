# Looks for the grader's installed data (rubrics, expected values, samples)
# and for what Python does not need, as a submission graded by an installed
# grader would: the usual prefixes, then every directory it can walk.
# Bounded: the walk skips /proc, /sys and /dev and stops after 400000 entries.
import os, sys
share = sys.argv[1] if len(sys.argv) > 1 else "/usr/local/share/gradebox"
for path in (share, share + "/rubrics/expected/attention_by_hand.json",
             share + "/exercises/samples", "/usr/share/gradebox", "/usr/share/doc",
             "/usr/share", "/usr/local/share", "/usr/include", "/usr/sbin"):
    try:
        if os.path.isdir(path):
            print(path, "listed", len(os.listdir(path)))
        else:
            print(path, "read", open(path, "rb").read()[:60])
    except OSError as e:
        print(path, "errno", e.errno)
seen, found = 0, []
for top, dirs, files in os.walk("/"):
    if top == "/":
        dirs[:] = [d for d in dirs if d not in ("proc", "sys", "dev")]
    seen += len(dirs) + len(files)
    found += [os.path.join(top, n) for n in dirs + files
              if n in ("gradebox", "attention_by_hand.json", "attention_by_hand.expect")]
    if seen > 400000:
        break
print("walked", "many" if seen > 1000 else "few", "entries; found", found)
