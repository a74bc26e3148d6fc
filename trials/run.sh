#!/usr/bin/env bash
# trials/run.sh runs statuslint over checkouts of real controller-runtime
# operators and prints what it found, what its fixes did and how long it took.
#
# usage: trials/run.sh [-p 'PKG PATTERNS'] [-k] [-o OUTDIR] CHECKOUT...
#
#   -p   package patterns to check (default ./...), e.g. -p './internal/... ./pkg/controller/...'
#   -k   keep the work directory (logs, JSON, the fixed copy)
#   -o   write logs to OUTDIR (default: a new temporary directory)
#
# For each checkout (a Go module root, left untouched), it
#   1. downloads the module's dependencies (go mod download; the module proxy only),
#   2. builds the packages (the repository's own errors),
#   3. runs go vet -vettool=statuslint -json, timed, and counts the findings per
#      pass, the findings with a suggested fix, and findings in generated or
#      vendored files (there should be none),
#   4. copies the checkout (without .git), applies statuslint -fix there,
#      builds the copy (go build ./...), vets it (go vet with the patterns; if
#      that fails, the original too) and runs statuslint on it again: the
#      fixed findings should be gone.
# statuslint itself is built from this repository first. Extra statuslint
# flags can be given in STATUSLINT_FLAGS (e.g. -fieldmanager.name=op).
# Nothing in a checkout is modified; the copies live in the work directory.
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
pkgs="./..."
keep=0
out=""
while getopts "p:ko:" opt; do
	case $opt in
	p) pkgs=$OPTARG ;;
	k) keep=1 ;;
	o) out=$OPTARG ;;
	*) sed -n '2,22p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
	sed -n '2,22p' "$0"
	exit 2
fi

work=$(mktemp -d -t statuslint-trial-XXXXXX)
[ -n "$out" ] || out=$work/logs
mkdir -p "$out"
bin=$work/statuslint
# A different binary per run keeps go vet from reusing cached results of
# an older statuslint (see bench/run.sh).
if ! (cd "$root" && go build -ldflags="-X main.salt=$(date +%s%N)" -o "$bin" ./cmd/statuslint); then
	echo "building statuslint failed" >&2
	exit 1
fi
echo "statuslint built from $(cd "$root" && git rev-parse --short HEAD 2>/dev/null)$(cd "$root" && git diff --quiet HEAD -- passes internal analyzer 2>/dev/null || echo '+dirty'); logs in $out"

# summarize FILE: count the findings in the go vet -json stream FILE per pass.
# go vet prints one JSON object per package, and plain text for errors.
summarize() {
	python3 - "$1" <<'EOF'
import json, sys, re, os
text = open(sys.argv[1], errors="replace").read()
dec = json.JSONDecoder()
i, n = 0, len(text)
per, fixes, gen, vend, other = {}, {}, [], [], []
gencache = {}
def generated(path):
    if path not in gencache:
        try:
            head = open(path, errors="replace").read(4096)
        except OSError:
            head = ""
        gencache[path] = re.search(r"^// Code generated .* DO NOT EDIT\.$", head, re.M) is not None
    return gencache[path]
while i < n:
    if text[i].isspace():
        i += 1
        continue
    if text[i] == "{":
        try:
            obj, j = dec.raw_decode(text, i)
        except ValueError:
            obj, j = None, i
        if obj is not None:
            for pkg, byan in obj.items():
                for an, diags in byan.items():
                    if isinstance(diags, dict):  # {"error": "..."}: the tool failed on the package
                        other.append("%s: %s: %s" % (pkg, an, diags.get("error", diags)))
                        continue
                    for d in diags:
                        per[an] = per.get(an, 0) + 1
                        if d.get("suggested_fixes"):
                            fixes[an] = fixes.get(an, 0) + 1
                        f = d["posn"].rsplit(":", 2)[0]
                        if generated(f):
                            gen.append(d["posn"])
                        if "/vendor/" in f:
                            vend.append(d["posn"])
            i = j
            continue
    k = text.find("\n", i)
    k = n if k < 0 else k
    line = text[i:k]
    if not line.startswith("#"):
        other.append(line)
    i = k + 1
passes = ["statusupdate", "fieldmanager", "conditions"]
print("findings: " + " ".join("%s=%d(fix %d)" % (p, per.get(p, 0), fixes.get(p, 0)) for p in passes + sorted(set(per) - set(passes))))
print("total=%d withfix=%d generated=%d vendored=%d" % (sum(per.values()), sum(fixes.values()), len(gen), len(vend)))
for g in gen + vend:
    print("  in generated/vendored file: " + g)
panics = [l for l in other if "panic" in l or "goroutine " in l]
print("non-JSON lines=%d panics=%d" % (len(other), len(panics)))
for l in other[:15]:
    print("  | " + l[:300])
EOF
}

# timed NAME CMD...: run CMD, log its output to $out/NAME.log, print its exit status and time.
timed() {
	local name=$1
	shift
	local t0 t1 rc
	t0=$(date +%s.%N)
	"$@" >"$out/$name.log" 2>&1
	rc=$?
	t1=$(date +%s.%N)
	printf '%-22s rc=%d  %6.1fs\n' "$name" "$rc" "$(echo "$t1 - $t0" | bc)"
	return $rc
}

for dir in "$@"; do
	dir=$(cd "$dir" && pwd) || continue
	name=$(basename "$dir")
	echo
	echo "=== $name"
	(cd "$dir" && echo "commit $(git rev-parse HEAD 2>/dev/null || echo '?')  $(grep -m1 '^go ' go.mod)  controller-runtime $(go list -m -f '{{.Version}}' sigs.k8s.io/controller-runtime 2>/dev/null || echo '?')")
	# shellcheck disable=SC2086
	(
		cd "$dir" || exit 1
		timed "$name.download" go mod download
		timed "$name.build" go build $pkgs
		timed "$name.statuslint" go vet -vettool="$bin" ${STATUSLINT_FLAGS:-} -json $pkgs
	)
	summarize "$out/$name.statuslint.log"

	copy=$work/copy/$name
	mkdir -p "$copy"
	(cd "$dir" && tar --exclude=./.git -cf - .) | (cd "$copy" && tar -xf -)
	# shellcheck disable=SC2086
	(
		cd "$copy" || exit 1
		timed "$name.fix" "$bin" ${STATUSLINT_FLAGS:-} -fix $pkgs
		echo "files changed by -fix: $(diff -rq "$dir" "$copy" -x .git 2>/dev/null | grep -c differ)"
		gofmt -l $(diff -rq "$dir" "$copy" -x .git 2>/dev/null | awk '/differ$/ {print $4}') 2>/dev/null | sed 's/^/  not gofmt-clean after fix: /'
		timed "$name.fixed.build" go build ./...
		# The plain go vet of the original runs only when the fixed copy's
		# fails, to tell the repository's own vet errors from the fixes'.
		timed "$name.fixed.vet-plain" go vet $pkgs ||
			(cd "$dir" && timed "$name.vet-plain" go vet $pkgs)
		timed "$name.fixed.statuslint" go vet -vettool="$bin" ${STATUSLINT_FLAGS:-} -json $pkgs
	)
	echo "after -fix:"
	summarize "$out/$name.fixed.statuslint.log" | sed 's/^/  /'
	[ "$keep" = 1 ] || rm -rf "$copy"
done
[ "$keep" = 1 ] || echo "(work directory $work: logs kept, copies removed)"
