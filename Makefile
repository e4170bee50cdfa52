# gradebox — build, test and benchmark.
#
#   make                  bin/grader and bin/reference (warnings are errors)
#   make check            every test: Check unit suites and end-to-end scripts, run in
#                         parallel (TEST_JOBS, GRADE_JOBS; docs/testing.md)
#   make check-sanitize   the same tests built with AddressSanitizer + UBSan
#   make bench            benchmarks, each printing a ratio against a peer
#   make demo             grade the bundled sample submission
#   make install          bin/grader, bin/reference to $(DESTDIR)$(PREFIX)/bin and the
#                         data they read to $(DESTDIR)$(PREFIX)/share/gradebox
#   make uninstall        removes what make install put there
#   make demo-batch       grade a sample cohort zip (docs/instructors.md)
#   make clean
#
# Sources are found by wildcard, so adding a module means adding a .c/.h pair
# to the folder of its stage (one folder per stage, see README's map):
#   common/*.c              -> $(BUILD)/libgbcommon.a  (error idiom, buffers)
#   reference/STAGE/*.c     -> $(BUILD)/libgbref.a     (the reference library)
#   grader/STAGE/*.c        -> $(BUILD)/libgbgrader.a  (the grader library)
#   grader/main.c, reference/main.c: the two commands' subcommand tables
#   tests/unit/STAGE/test_*.c -> one Check suite binary each
#   tests/bench/bench_*.c   -> one benchmark binary each
# Headers are included by their stage: #include "extract/numparse.h".

CC       ?= cc
PKGS     := libcurl libcjson openblas libseccomp sqlite3 libcrypto libarchive yaml-0.1 \
            libmicrohttpd libpq
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null)

ifeq ($(SANITIZE),1)
BUILD    ?= build/san
BIN      ?= build/san/bin
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
OPT      := -O1
else
BUILD    ?= build/rel
BIN      ?= bin
SANFLAGS :=
OPT      := -O2
endif

# -ffp-contract=off everywhere: the reference must not depend on whether the
# compiler fuses a*b+c; where torch fuses, the code calls fmaf() explicitly.
CFLAGS   ?= $(OPT) -g
ALL_CFLAGS := -std=gnu11 -Wall -Wextra -Werror -ffp-contract=off -MMD -MP \
              -Icommon -Ireference -Igrader $(PKG_CFLAGS) $(SANFLAGS) $(CFLAGS)
# libcsv (Debian libcsv-dev) ships no pkg-config file.
LDLIBS   := $(PKG_LIBS) -lcsv -lm -lpthread
LDFLAGS  += $(SANFLAGS)

COMMON_SRC := $(wildcard common/*.c)
REF_SRC    := $(wildcard reference/*/*.c)
GRADER_SRC := $(wildcard grader/*/*.c)
UNIT_SRC   := $(wildcard tests/unit/*/test_*.c)
BENCH_SRC  := $(wildcard tests/bench/bench_*.c)

obj = $(patsubst %.c,$(BUILD)/%.o,$(1))

LIBCOMMON := $(BUILD)/libgbcommon.a
LIBREF    := $(BUILD)/libgbref.a
LIBGRADER := $(BUILD)/libgbgrader.a
LIBS      := $(LIBGRADER) $(LIBREF) $(LIBCOMMON)

UNIT_BINS  := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
BENCH_BINS := $(patsubst tests/bench/%.c,$(BUILD)/bench/%,$(BENCH_SRC))

# Keep every object: make would otherwise delete the unit-test objects as
# intermediates after the run, and its 'rm' would be the last line CI reads.
.SECONDARY:

.PHONY: all check check-sanitize check-valgrind bench demo demo-batch install install-samples uninstall clean

all: $(BIN)/grader $(BIN)/reference

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIBCOMMON): $(call obj,$(COMMON_SRC))
$(LIBREF): $(call obj,$(REF_SRC))
$(LIBGRADER): $(call obj,$(GRADER_SRC))
# empty.o keeps an archive valid while a library has no module yet.
$(LIBCOMMON) $(LIBREF) $(LIBGRADER): $(BUILD)/empty.o
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/empty.o:
	@mkdir -p $(dir $@)
	printf 'static int gb_empty_unit;\n' | $(CC) -x c -c - -o $@

$(BIN)/grader: $(call obj,grader/main.c) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS)

$(BIN)/reference: $(call obj,reference/main.c) $(LIBREF) $(LIBCOMMON)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBREF) $(LIBCOMMON) $(LDLIBS)

$(BUILD)/tests/%: $(call obj,tests/unit/%.c) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS) $(CHECK_LIBS)

$(BUILD)/tests/unit/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -c $< -o $@

$(BUILD)/bench/%: $(call obj,tests/bench/%.c) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS)

# Under the sanitizers code runs several times slower: Check's per-test
# timeouts get the same headroom (CK_TIMEOUT_MULTIPLIER), so a slow build
# never reads as a hung test.
TEST_ENV = GRADER=$(abspath $(BIN)/grader) REFERENCE=$(abspath $(BIN)/reference) \
           BUILD_DIR=$(abspath $(BUILD)) UNIT_BINS="$(abspath $(UNIT_BINS))" \
           BENCH_BINS="$(abspath $(BENCH_BINS))" SANITIZE=$(SANITIZE) \
           CK_TIMEOUT_MULTIPLIER=$(if $(SANITIZE),4,1)

# The binaries are built on every core first (a plain `make check` is the
# README's test command); tests/run.sh then runs TEST_JOBS stages at once.
NPROC := $(shell nproc 2>/dev/null || echo 2)
check:
	$(MAKE) --no-print-directory -j$(NPROC) all $(UNIT_BINS)
	$(TEST_ENV) bash tests/run.sh

check-sanitize:
	$(MAKE) --no-print-directory SANITIZE=1 check

check-valgrind: all $(UNIT_BINS)
	$(TEST_ENV) bash tests/valgrind.sh

bench: all $(BENCH_BINS)
	$(TEST_ENV) bash tests/bench/run.sh

demo: all
	$(BIN)/grader check exercises/samples/attention_by_hand.py; \
	  rc=$$?; [ $$rc -le 1 ] || exit $$rc

# A Moodle "download all submissions" zip made from tests/corpus submissions
# (tests/batch/make_cohort.py), with memory_lab's recorded runs, graded into
# $(BUILD)/demo/graded: grades.csv, moodle_grades.csv, report.html.
DEMO := $(BUILD)/demo
demo-batch: all
	rm -rf $(DEMO) && mkdir -p $(DEMO)
	/usr/bin/python3 tests/batch/make_cohort.py moodle $(DEMO)/cohort.zip \
	  --roster $(DEMO)/roster.csv --memory-lab $(DEMO)/recorded
	$(BIN)/grader batch $(DEMO)/cohort.zip --roster $(DEMO)/roster.csv \
	  --transcripts $(DEMO)/recorded --assignment "Module 3" --out $(DEMO)/graded

# make install: an installed grader finds its data in ../share/gradebox beside
# its bin/ (grader/check/home.c), laid out as in the checkout.  That directory
# belongs to gradebox: install replaces its rubrics/, exercises/, grader/client/ and
# grader/shims/ with the tree's (a rubric removed from the tree must not stay
# gradable), and uninstall removes it.  An instructor's own rubrics live
# elsewhere (grader check --rubrics DIR).
# The published sample solutions (exercises/samples/) are not installed: on a
# machine students use they would be a solution to copy.  `make
# install-samples` adds them where instructors grade (`grader batch` flags a
# hand-in that matches one; docs/instructors.md).
PREFIX   ?= /usr/local
BINDIR   := $(PREFIX)/bin
DATADIR  := $(PREFIX)/share/gradebox
DATA_DIRS  := rubrics exercises grader/shims grader/client
DATA_FILES := $(wildcard rubrics/*.json rubrics/*.md rubrics/expected/*.json \
                rubrics/expected/*.md exercises/*.md exercises/*.py \
                grader/shims/*.py grader/client/*.py)
SAMPLE_FILES := $(wildcard exercises/samples/*.py)

install: all
	@test -n "$(PREFIX)" || { echo "install: PREFIX is empty" >&2; exit 2; }
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)"
	install -m 0755 $(BIN)/grader $(BIN)/reference "$(DESTDIR)$(BINDIR)/"
	cd "$(DESTDIR)$(DATADIR)" && rm -rf $(DATA_DIRS)
	for f in $(DATA_FILES); do install -D -m 0644 $$f "$(DESTDIR)$(DATADIR)/$$f" || exit; done

install-samples:
	@test -n "$(PREFIX)" || { echo "install-samples: PREFIX is empty" >&2; exit 2; }
	for f in $(SAMPLE_FILES); do install -D -m 0644 $$f "$(DESTDIR)$(DATADIR)/$$f" || exit; done

uninstall:
	@test -n "$(PREFIX)" || { echo "uninstall: PREFIX is empty" >&2; exit 2; }
	rm -f "$(DESTDIR)$(BINDIR)/grader" "$(DESTDIR)$(BINDIR)/reference"
	rm -rf "$(DESTDIR)$(DATADIR)"

clean:
	rm -rf build bin

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
