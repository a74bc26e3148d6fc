#!/usr/bin/env bash
# trials/coverage.sh counts, on checkouts of real operators, the findings
# of each pass and how many of them carry a suggested fix, and lists the
# ones without a fix by position and reason: the fix coverage that
# trials/RESULTS.md records.
#
# usage: trials/coverage.sh [-p 'PKG PATTERNS'] [-a PASSES] CHECKOUT...
#
#   -p   package patterns (default ./...)
#   -a   comma-separated passes to run (default statusupdate)
#
# It runs the standalone command (statuslint -json, which offers the fixes
# that span packages; go vet and golangci-lint offer those within one
# package), built from this repository first, on production code only
# (-test=false: test code is never evidence, and its findings are not the
# product's). Extra flags can be given in STATUSLINT_FLAGS. Nothing in a
# checkout is modified.
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
pkgs="./..."
passes="statusupdate"
while getopts "p:a:" opt; do
	case $opt in
	p) pkgs=$OPTARG ;;
	a) passes=$OPTARG ;;
	*) sed -n '2,17p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
	sed -n '2,17p' "$0"
	exit 2
fi

work=$(mktemp -d -t statuslint-coverage-XXXXXX)
trap 'rm -rf "$work"' EXIT
bin=$work/statuslint
if ! (cd "$root" && go build -o "$bin" ./cmd/statuslint); then
	echo "building statuslint failed" >&2
	exit 1
fi
flags=""
for p in ${passes//,/ }; do
	flags="$flags -$p"
done

status=0
for checkout in "$@"; do
	echo "== $checkout ($pkgs; $passes)"
	# shellcheck disable=SC2086 # the patterns and flags are lists
	(cd "$checkout" && "$bin" -test=false -json $flags ${STATUSLINT_FLAGS:-} $pkgs) >"$work/out.json" 2>"$work/err.txt"
	rc=$?
	if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
		echo "statuslint exited $rc:" >&2
		cat "$work/err.txt" >&2
		status=1
		continue
	fi
	python3 - "$work/out.json" "$checkout" <<'EOF'
import json, os, sys
from collections import defaultdict

path, checkout = sys.argv[1], os.path.abspath(sys.argv[2])
dec = json.JSONDecoder()
text = open(path).read()
seen = set()
per = defaultdict(lambda: [0, 0])
without = defaultdict(list)
i = 0
while i < len(text):
    if text[i] in " \t\r\n":
        i += 1
        continue
    if text[i] != "{":
        j = text.find("\n", i)
        i = len(text) if j < 0 else j + 1
        continue
    obj, i = dec.raw_decode(text, i)
    for pkg, byPass in obj.items():
        for name, diags in byPass.items():
            if not isinstance(diags, list):
                continue
            for d in diags:
                key = (name, d["posn"], d["message"])
                if key in seen:
                    continue
                seen.add(key)
                per[name][0] += 1
                if d.get("suggested_fixes"):
                    per[name][1] += 1
                else:
                    posn = os.path.relpath(d["posn"], checkout)
                    without[name].append((posn, d["message"]))
for name in sorted(per):
    n, f = per[name]
    print(f"{name}: {f}/{n} with a fix")
    for posn, msg in sorted(without[name]):
        print(f"  {posn}: {msg}")
if not per:
    print("no findings")
EOF
done
exit $status
