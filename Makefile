# tribo — see README.md. `make run` and `make check` first install what a
# fresh Debian machine lacks (build-aux/deps), then build.

VERSION  := 0.1.0
PREFIX   ?= /usr/local
DESTDIR  ?=
CC       ?= gcc
PKGS     := gsl libmatheval readline ncursesw
# `=`, not `:=`: pkg-config runs only once the packages are there.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   = $(foreach l,$(shell pkg-config --libs $(PKGS)),$(call archive_or,$(l))) $(SICONOS_LIBS)
# GSL, readline and ncurses are linked from their archives where the
# compiler finds them (Debian's -dev packages ship them): shared, they
# cost every start some 1000 symbol lookups of the dynamic loader (1.1M
# of the 1.4M instructions of `tribo -c quit`) and five more files to
# open and map; linked in, 0.37M in all. libm, libc and libdl stay shared
# (libm's routines chosen for the CPU at load, as before), and so does
# libmatheval (its archive needs flex's libfl). Without an archive, the
# shared library, as before.
LINK_ARCHIVES := gsl gslcblas readline ncursesw tinfo
archive_or = $(if $(and $(filter $(patsubst -l%,%,$(1)),$(LINK_ARCHIVES)),$(filter -l%,$(1)), \
		$(filter /%,$(shell $(CC) -print-file-name=lib$(patsubst -l%,%,$(1)).a))), \
		-l:lib$(patsubst -l%,%,$(1)).a,$(1))
# Siconos' numerics library (Debian's libsiconos-numerics-dev) has no
# pkg-config file: its headers include each other from /usr/include/siconos.
# src/num/relay.c loads it by its soname at the first relay problem (it
# brings OpenBLAS and MUMPS, 0.7 s of every start under valgrind).
SICONOS_SONAME = $(shell objdump -p "$$($(CC) -print-file-name=libsiconos_numerics.so)" 2>/dev/null | \
		   sed -n 's/^ *SONAME *//p')
SICONOS_CFLAGS = -isystem /usr/include/siconos -DSICONOS_SONAME='"$(SICONOS_SONAME)"'
SICONOS_LIBS   := -ldl
CHECK_LIBS = $(shell pkg-config --libs check)

WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS   ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_DEFAULT_SOURCE -DTRIBO_VERSION='"$(VERSION)"' \
	     -Isrc $(WARN) $(CFLAGS) $(PKG_CFLAGS) $(SICONOS_CFLAGS)
SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

LIB_SRC  := $(sort $(wildcard src/*/*.c))
TESTS    := $(basename $(notdir $(wildcard tests/check_*.c)))

# Two builds share the sources: the plain one (./tribo) and one under
# AddressSanitizer and UBSan (build/asan/tribo), which `make check` also runs.
B        := build/plain
A        := build/asan

.PHONY: all deps deps-check deps-bench deps-fuzz run test test-only check check-only bench bench-only \
	fuzz fuzz-build install uninstall clean
all: tribo

deps:
	@sh build-aux/deps

deps-check:
	@sh build-aux/deps --tests

deps-bench:
	@sh build-aux/deps --bench

deps-fuzz:
	@sh build-aux/deps --fuzz

run: deps
	@$(MAKE) --no-print-directory tribo
	./tribo --exercise disk-reye

# Two tiers (tests/run-all.sh): `make test` between edits, the plain
# build's suites and transcripts (about a minute); `make check`, what CI
# runs, everything (under 20 minutes on 2 cores). Both build with a job a
# core and run their stages side by side.
NPROC := $(shell nproc 2>/dev/null || echo 2)

test: deps-check
	@$(MAKE) --no-print-directory -j$(NPROC) test-only

test-only: tribo $(TESTS:%=$(B)/tests/%)
	@bash tests/run-all.sh test

check: deps-check
	@$(MAKE) --no-print-directory -j$(NPROC) check-only

check-only: tribo $(A)/tribo $(TESTS:%=$(B)/tests/%) $(TESTS:%=$(A)/tests/%)
	@bash tests/run-all.sh check

# Timings and errors beside SciPy's (tests/bench/run.sh); nothing in
# `make check` depends on them.
bench: deps-bench
	@$(MAKE) --no-print-directory bench-only

bench-only: tribo $(B)/tests/bench/bench $(B)/tests/bench/pane
	@sh tests/bench/run.sh

$(B)/tests/bench/pane: tests/bench/pane.c $(B)/libtribo.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ tests/bench/pane.c $(B)/libtribo.a $(PKG_LIBS) -lm

# The bench alone links SUNDIALS (Debian's libsundials-dev, deps --bench):
# its integrators are candidates measured against rk8pd, not tribo's.
SUNDIALS_LIBS := -lsundials_cvode -lsundials_arkode -lsundials_nvecserial
$(B)/tests/bench/bench: tests/bench/bench.c tests/bench/sundials.c tests/bench/sundials_bench.h \
		$(B)/libtribo.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/bench -o $@ tests/bench/bench.c tests/bench/sundials.c \
		$(B)/libtribo.a $(PKG_LIBS) $(SUNDIALS_LIBS) -lm

# The bytecode of num/sym against native code through libtcc (issue 42;
# Debian's libtcc-dev): a measurement, not a dependency of tribo. libtcc.a
# has a global sym_free of its own: renamed in a copy.
$(B)/tests/bench/libtcc-renamed.a: /usr/lib/x86_64-linux-gnu/libtcc.a
	@mkdir -p $(dir $@)
	objcopy --redefine-sym sym_free=tcc_own_sym_free $< $@
$(B)/tests/bench/symjit: tests/bench/symjit.c $(B)/libtribo.a $(B)/tests/bench/libtcc-renamed.a
	$(CC) $(ALL_CFLAGS) -o $@ tests/bench/symjit.c $(B)/libtribo.a \
		$(B)/tests/bench/libtcc-renamed.a $(PKG_LIBS) -ldl -lm

# ---- the plain build ----
$(B)/%.o: src/%.c $(wildcard src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/libtribo.a: $(LIB_SRC:src/%.c=$(B)/%.o)
	@rm -f $@
	ar rcs $@ $^

tribo: $(B)/main.o $(B)/libtribo.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

$(B)/tests/%: tests/%.c $(B)/libtribo.a $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(B)/libtribo.a $(PKG_LIBS) $(CHECK_LIBS) -lm

# check_figures reads the PNGs it makes
$(B)/tests/check_figures $(A)/tests/check_figures: CHECK_LIBS += $(shell pkg-config --libs libpng)

# ---- the sanitized build ----
$(A)/%.o: src/%.c $(wildcard src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) -c -o $@ $<

$(A)/libtribo.a: $(LIB_SRC:src/%.c=$(A)/%.o)
	@rm -f $@
	ar rcs $@ $^

$(A)/tribo: $(A)/main.o $(A)/libtribo.a
	$(CC) $(ALL_CFLAGS) $(SAN) -o $@ $^ $(PKG_LIBS) -lm

$(A)/tests/%: tests/%.c $(A)/libtribo.a $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SAN) -Itests -o $@ $< $(A)/libtribo.a $(PKG_LIBS) $(CHECK_LIBS) -lm

# ---- installing ----
# The binary finds its exercises at ../share/tribo/exercises from its own
# place, so an installation works under any PREFIX, and after a move.
# uninstall takes away what install put there and the share/tribo
# directories once they are empty; anything else there stays.
BINDIR    = $(PREFIX)/bin
DATADIR   = $(PREFIX)/share/tribo
MANDIR    = $(PREFIX)/share/man
EXERCISES := $(notdir $(sort $(wildcard exercises/*.ini)))

# ---- the fuzzing build: clang, libFuzzer, ASan and UBSan ----
# `make fuzz` builds the harnesses of tests/fuzz/ and runs each for
# FUZZ_TIME seconds (tests/fuzz/run.sh says from which corpus); what they
# grow and the crashes they find stay under build/fuzz.
F          := build/fuzz
FUZZ_CC    ?= clang
FUZZ_TIME  ?= 60
FUZZERS    := $(basename $(notdir $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_CFLAGS = -std=c11 -D_DEFAULT_SOURCE -DTRIBO_VERSION='"$(VERSION)"' -Isrc $(WARN) -O1 -g \
	      $(PKG_CFLAGS) $(SICONOS_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all \
	      -fno-omit-frame-pointer

$(F)/%.o: src/%.c $(wildcard src/*/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(F)/libtribo.a: $(LIB_SRC:src/%.c=$(F)/%.o)
	@rm -f $@
	ar rcs $@ $^

$(F)/fuzz_%: tests/fuzz/fuzz_%.c $(F)/libtribo.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_EXERCISES='"$(CURDIR)/exercises"' \
		-o $@ $< $(F)/libtribo.a $(PKG_LIBS) $(SICONOS_LIBS) -lm

fuzz-build: $(FUZZERS:%=$(F)/%)

fuzz: deps-fuzz
	@$(MAKE) --no-print-directory fuzz-build
	FUZZ_TIME=$(FUZZ_TIME) sh tests/fuzz/run.sh $(FUZZERS)

# ---- the coverage build: gcc --coverage ----
# `make coverage` builds tribo and the check suites instrumented under
# build/cov (-O0, so that a line counted is a line of the source), runs
# the suites and the transcripts, and prints the line and branch coverage
# of each file of src/ (tests/coverage.sh; gcovr, deps --coverage). The
# counters (.gcda files) are merged across runs under an fcntl lock of
# libgcov, so processes that end at once do not lose each other's counts.
C          := build/cov
COV_FLAGS  := -O0 --coverage

.PHONY: deps-coverage coverage coverage-only
deps-coverage:
	@sh build-aux/deps --coverage

coverage: deps-coverage
	@$(MAKE) --no-print-directory coverage-only

coverage-only: $(C)/tribo $(TESTS:%=$(C)/tests/%)
	@sh tests/coverage.sh

$(C)/%.o: src/%.c $(wildcard src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(COV_FLAGS) -c -o $@ $<

$(C)/libtribo.a: $(LIB_SRC:src/%.c=$(C)/%.o)
	@rm -f $@
	ar rcs $@ $^

$(C)/tribo: $(C)/main.o $(C)/libtribo.a
	$(CC) $(ALL_CFLAGS) $(COV_FLAGS) -o $@ $^ $(PKG_LIBS) -lm

$(C)/tests/%: tests/%.c $(C)/libtribo.a $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(COV_FLAGS) -Itests -o $@ $< $(C)/libtribo.a $(PKG_LIBS) $(CHECK_LIBS) -lm

$(C)/tests/check_figures: CHECK_LIBS += $(shell pkg-config --libs libpng)

install: tribo
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)/exercises" \
		"$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man5"
	install -m 755 tribo "$(DESTDIR)$(BINDIR)/tribo"
	install -m 644 $(EXERCISES:%=exercises/%) "$(DESTDIR)$(DATADIR)/exercises/"
	install -m 644 man/tribo.1 "$(DESTDIR)$(MANDIR)/man1/tribo.1"
	install -m 644 man/tribo-exercise.5 "$(DESTDIR)$(MANDIR)/man5/tribo-exercise.5"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/tribo" "$(DESTDIR)$(MANDIR)/man1/tribo.1" \
		"$(DESTDIR)$(MANDIR)/man5/tribo-exercise.5"
	cd "$(DESTDIR)$(DATADIR)/exercises" 2>/dev/null && rm -f $(EXERCISES) || true
	rmdir "$(DESTDIR)$(DATADIR)/exercises" "$(DESTDIR)$(DATADIR)" 2>/dev/null || true

clean:
	rm -rf build tribo
