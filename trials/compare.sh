#!/usr/bin/env bash
# trials/compare.sh runs statuslint both ways, as a go vet tool and standalone,
# over checkouts of real operators and prints where the two disagree (issue 27).
#
# usage: trials/compare.sh [-p 'PKG PATTERNS'] [-o OUTDIR] CHECKOUT...
#
#   -p   package patterns to check (default ./...); may also follow the checkouts
#   -o   write the logs and the normalised findings to OUTDIR (default: a new
#        temporary directory)
#
# For each checkout (a Go module root, left untouched) it runs
#   go vet -vettool=BIN -json PATTERNS   (each package with its _test.go files)
#   BIN -json PATTERNS                   (standalone; -test is on by default)
# and turns each output into a sorted set of "file:line:col: pass: message",
# paths relative to the checkout, findings in _test.go files left out. It
# prints the lines found by one only and the count per pass of each, and
# exits 1 when the two differ on any checkout, or either printed an error
# (a build error, or a tool error on a package), 2 on a usage error.
#
# statuslint is built from this repository first (with a salt, so go vet
# does not reuse the facts of an older build), unless STATUSLINT_BIN names a
# binary to use, e.g. one built from an older commit. Extra statuslint flags
# can be given in STATUSLINT_FLAGS. The normalised sets are kept in OUTDIR as
# NAME.vet.txt and NAME.standalone.txt.
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
usage() { sed -n '2,24p' "$0"; exit 2; }
pkgs="./..."
out=""
dirs=()
while [ $# -gt 0 ]; do
	case $1 in
	-p) [ $# -ge 2 ] || usage; pkgs=$2; shift 2 ;;
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	-*) usage ;;
	*) dirs+=("$1"); shift ;;
	esac
done
[ ${#dirs[@]} -gt 0 ] || usage

work=$(mktemp -d -t statuslint-compare-XXXXXX)
[ -n "$out" ] || out=$work
mkdir -p "$out"
bin=${STATUSLINT_BIN:-}
if [ -n "$bin" ]; then
	bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
	echo "statuslint: $bin (STATUSLINT_BIN); logs in $out"
else
	bin=$work/statuslint
	if ! (cd "$root" && go build -ldflags="-X main.salt=$(date +%s%N)" -o "$bin" ./cmd/statuslint); then
		echo "building statuslint failed" >&2
		exit 1
	fi
	echo "statuslint built from $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet HEAD -- passes internal analyzer cmd || echo '+dirty'); logs in $out"
fi

# normalise DIR LOG: print the findings of a -json stream LOG as sorted
# "file:line:col: pass: message" lines, paths relative to DIR, no _test.go
# files. Both drivers print one JSON object per package, {pkg: {analyzer:
# [diagnostic...] or {"error": ...}}}; other lines (build errors) and tool
# errors go to stderr prefixed with "!".
normalise() {
	python3 - "$1" "$2" <<'EOF'
import json, os, sys
root, text = os.path.realpath(sys.argv[1]), open(sys.argv[2], errors="replace").read()
dec, i, seen = json.JSONDecoder(), 0, set()
while i < len(text):
    if text[i].isspace():
        i += 1
        continue
    if text[i] == "{":
        try:
            obj, i = dec.raw_decode(text, i)
        except ValueError:
            obj = None
        if obj is not None:
            for pkg, byan in obj.items():
                for an, diags in byan.items():
                    if isinstance(diags, dict):
                        print("! %s: %s: %s" % (pkg, an, diags.get("error", diags)), file=sys.stderr)
                        continue
                    for d in diags:
                        f, line, col = d["posn"].rsplit(":", 2)
                        if f.endswith("_test.go"):
                            continue
                        f = os.path.realpath(f)
                        if f.startswith(root + os.sep):
                            f = f[len(root) + 1:]
                        seen.add("%s:%s:%s: %s: %s" % (f, line, col, an, d["message"]))
            continue
    k = text.find("\n", i)
    k = len(text) if k < 0 else k
    if not text.startswith(("#", "go: downloading"), i):
        print("! " + text[i:k][:300], file=sys.stderr)
    i = k + 1
# sort by file, then line and column as numbers
key = lambda s: (lambda p: (p[0], int(p[1]), int(p[2]), s))(s.split(":", 3))
for s in sorted(seen, key=key):
    print(s)
EOF
}

differ=0
for dir in "${dirs[@]}"; do
	dir=$(cd "$dir" && pwd) || { differ=1; continue; }
	name=$(basename "$dir")
	echo
	echo "=== $name ($(cd "$dir" && git rev-parse --short HEAD 2>/dev/null || echo '?')) $pkgs"
	# shellcheck disable=SC2086
	(
		cd "$dir" || exit 1
		go vet -vettool="$bin" ${STATUSLINT_FLAGS:-} -json $pkgs >"$out/$name.vet.log" 2>&1
		echo "go vet rc=$?"
		"$bin" ${STATUSLINT_FLAGS:-} -json $pkgs >"$out/$name.standalone.log" 2>&1
		echo "standalone rc=$?"
	)
	for mode in vet standalone; do
		normalise "$dir" "$out/$name.$mode.log" >"$out/$name.$mode.txt" 2>"$out/$name.$mode.errors"
		n=$(wc -l <"$out/$name.$mode.errors")
		[ "$n" -eq 0 ] || { differ=1; echo "$mode: $n error lines (first 5):"; head -5 "$out/$name.$mode.errors"; }
	done
	python3 - "$out/$name.vet.txt" "$out/$name.standalone.txt" <<'EOF'
import sys
vet, alone = (set(open(f).read().splitlines()) for f in sys.argv[1:3])
def per(s):
    c = {}
    for l in s:
        p = l.split(": ", 2)[1]
        c[p] = c.get(p, 0) + 1
    return c
cv, ca = per(vet), per(alone)
key = lambda s: (lambda p: (p[0], int(p[1]), int(p[2]), s))(s.split(":", 3))
print("%-16s %6s %11s" % ("pass", "go vet", "standalone"))
for p in sorted(set(cv) | set(ca)):
    print("%-16s %6d %11d" % (p, cv.get(p, 0), ca.get(p, 0)))
print("%-16s %6d %11d" % ("total", len(vet), len(alone)))
for title, only in (("only in go vet", vet - alone), ("only standalone", alone - vet)):
    if only:
        print("%s (%d):" % (title, len(only)))
        for l in sorted(only, key=key):
            print("  " + l)
sys.exit(1 if vet != alone else 0)
EOF
	[ $? -eq 0 ] || differ=1
done
exit $differ
