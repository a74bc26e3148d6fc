#!/usr/bin/env bash
# bench/editor.sh times gopls with statuslint's analyzers against the stock
# gopls of the same release, side by side, on the example module and on a
# generated operator (bench/gen), and writes bench/EDITOR.md.
#
#   bench/editor.sh                               # example and op400, 3 rounds
#   bench/editor.sh --targets example --runs 1 --results -   # quick look
#
# Options (or the environment variables in brackets):
#   --targets "T ..."   example and/or opN (a generated module of N packages) [TARGETS, "example op400"]
#   --runs R            rounds per target [RUNS, 3]
#   --edits E           timed edits per LSP session [EDITS, 5]
#   --warm W            warm LSP sessions per round and gopls [WARM, 2]
#   --results FILE      where to write the table, - for stdout only [RESULTS, bench/EDITOR.md]
#   --report            measure nothing: write the table again from the last run's data
#
# Both goplses are built with the go command from the module proxy: the
# stock one with go install golang.org/x/tools/gopls@VERSION, the other by
# tools/gopls (the release it pins, VERSION, with statuslint's analyzers
# added). Each round runs, for each gopls in turn (the order alternating
# between rounds), with a new, empty gopls file cache (GOPLSCACHE; the go
# command's caches stay warm, as on a developer's machine):
#   lsp cold     a scripted LSP session (bench/lsp): initialize, open a
#                controller file, wait for its analysis diagnostics, then
#                E edits, each waiting for the diagnostics of its version,
#                then wait until gopls is idle (the rest of the workspace
#                analysed) before reading its CPU and RSS and shutting it down
#   lsp warm     the same again, with the file cache the cold one filled
#   lsp again    W-1 more times: the first warm session may still store
#                what the cold one left (its cost is bimodal in stock gopls
#                too); the later ones are the steady state of a warm cache
#   check cold   gopls check FILE with another empty file cache
#   check warm   gopls check FILE again with that cache
# Times are medians over rounds (edits: over every edit of every round);
# RSS is the gopls process's peak resident set (VmHWM for the LSP
# sessions, GNU time for gopls check).
set -euo pipefail

cd "$(dirname "$0")"
BENCH=$(pwd)
ROOT=$(cd .. && pwd)

TARGETS=${TARGETS:-"example op400"}
RUNS=${RUNS:-3}
EDITS=${EDITS:-5}
WARM=${WARM:-2}
RESULTS=${RESULTS:-$BENCH/EDITOR.md}
CMDLINE="bench/editor.sh"
REPORT=0
while [ $# -gt 0 ]; do
	case $1 in
	--targets) TARGETS=$2; CMDLINE+=" --targets \"$2\""; shift 2 ;;
	--runs) RUNS=$2; CMDLINE+=" --runs $2"; shift 2 ;;
	--edits) EDITS=$2; CMDLINE+=" --edits $2"; shift 2 ;;
	--warm) WARM=$2; CMDLINE+=" --warm $2"; shift 2 ;;
	--results) RESULTS=$2; shift 2 ;;
	--report) REPORT=1; shift ;;
	-h | --help) sed -n '2,/^set -euo/p' "$BENCH/$(basename "$0")" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "editor.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

log() { printf '%s editor.sh: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

case $WARM in
'' | *[!0-9]* | 0) echo "editor.sh: --warm wants a number of sessions, 1 or more" >&2; exit 2 ;;
esac
if [ ! -x /usr/bin/time ]; then
	echo "editor.sh: needs GNU time (/usr/bin/time; the Debian package time)" >&2
	exit 1
fi

OUT=$BENCH/out
BIN=$OUT/bin
WORK=$OUT/editor
mkdir -p "$BIN" "$WORK"
DATA=$WORK/data.txt # target tool round metric value
VERSION=$(sed -n 's/^[[:space:]]*defaultVersion = "\(v[^"]*\)"/\1/p' "$ROOT/tools/gopls/main.go")
TOOLS="stock statuslint"

# target_dir and target_file name a target's module and the file opened.
target_dir() {
	case $1 in
	example) echo "$ROOT/example" ;;
	op*) echo "$WORK/$1" ;; # its own copy: run.sh regenerates $OUT/opN
	esac
}
target_file() {
	case $1 in
	example) echo internal/controller/widget_controller.go ;;
	op*) echo internal/controller/c0/controller.go ;;
	esac
}

# record TARGET TOOL ROUND METRIC VALUE
record() { echo "$1 $2 $3 $4 $5" >>"$DATA"; }

# lsp_session TARGET TOOL ROUND KIND CACHE runs one LSP session.
lsp_session() {
	local target=$1 tool=$2 round=$3 kind=$4 cache=$5 line
	line=$(cd "$(target_dir "$target")" && GOPLSCACHE=$cache "$BIN/lsp" -gopls "$BIN/gopls-$tool" -file "$(target_file "$target")" -edits "$EDITS" 2>"$WORK/lsp.stderr") || {
		log "$target $tool: lsp session failed"
		cat "$WORK/lsp.stderr" >&2
		exit 1
	}
	log "$target $tool round $round lsp $kind: $line"
	local f
	for f in $line; do
		case $f in
		open=*) record "$target" "$tool" "$round" "lsp-$kind-open" "${f#open=}" ;;
		edit=*) local e; for e in $(echo "${f#edit=}" | tr , ' '); do record "$target" "$tool" "$round" "lsp-$kind-edit" "$e"; done ;;
		rss=*) record "$target" "$tool" "$round" "lsp-$kind-rss" "${f#rss=}" ;;
		cpu=*) record "$target" "$tool" "$round" "lsp-$kind-cpu" "${f#cpu=}" ;;
		settle=*) record "$target" "$tool" "$round" "lsp-$kind-settle" "${f#settle=}" ;;
		diags=*) record "$target" "$tool" "$round" "lsp-$kind-diags" "${f#diags=}" ;;
		statuslint=*) record "$target" "$tool" "$round" "lsp-$kind-statuslint" "${f#statuslint=}" ;;
		esac
	done
}

# check TARGET TOOL ROUND KIND CACHE runs gopls check on the file.
check() {
	local target=$1 tool=$2 round=$3 kind=$4 cache=$5 rc=0
	(cd "$(target_dir "$target")" && GOPLSCACHE=$cache /usr/bin/time -o "$WORK/time.txt" -f "%e %U %S %M" "$BIN/gopls-$tool" check "$(target_file "$target")" >"$WORK/check.out" 2>&1) || rc=$?
	if [ $rc -ne 0 ]; then
		log "$target $tool: gopls check exited $rc"
		cat "$WORK/check.out" >&2
		exit 1
	fi
	local wall cpu rss
	read -r wall cpu rss < <(tail -n 1 "$WORK/time.txt" | awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}')
	log "$target $tool round $round check $kind: wall $wall cpu $cpu rss $rss findings $(grep -c '\.go:[0-9]' "$WORK/check.out" || true)"
	record "$target" "$tool" "$round" "check-$kind-wall" "$wall"
	record "$target" "$tool" "$round" "check-$kind-cpu" "$cpu"
	record "$target" "$tool" "$round" "check-$kind-rss" "$rss"
}

if [ "$REPORT" = 1 ]; then
	# shellcheck disable=SC1091
	. "$WORK/meta.sh"
else
	log "building gopls $VERSION, stock and with statuslint, and the LSP client"
	GOFLAGS=-buildvcs=false GOBIN="$WORK/stock" go install "golang.org/x/tools/gopls@$VERSION"
	cp "$WORK/stock/gopls" "$BIN/gopls-stock"
	(cd "$ROOT/tools/gopls" && go run . -o "$BIN/gopls-statuslint")
	go build -o "$BIN/lsp" ./lsp
	: >"$DATA"
	LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
	START=$(date +%s)
	write_meta() {
		printf 'CMDLINE=%q\nTARGETS=%q\nRUNS=%q\nEDITS=%q\nWARM=%q\nELAPSED=%q\nDATE=%q\nLOAD_BEFORE=%q\nLOAD_AFTER=%q\n' \
			"$CMDLINE" "$TARGETS" "$RUNS" "$EDITS" "$WARM" "$(($(date +%s) - START))" "$(date -u '+%Y-%m-%d (%H:%M UTC)')" "$LOAD_BEFORE" "$(cut -d' ' -f1-3 /proc/loadavg)" >"$WORK/meta.sh"
	}
	for target in $TARGETS; do
		case $target in
		op*)
			if [ ! -f "$WORK/$target/go.sum" ]; then
				log "generating $target"
				rm -rf "${WORK:?}/$target"
				go run ./gen -packages "${target#op}" -out "$WORK/$target" >/dev/null
			fi ;;
		esac
		(cd "$(target_dir "$target")" && go build ./...)
		for round in $(seq 1 "$RUNS"); do
			order=$TOOLS
			[ $((round % 2)) = 0 ] && order=$(echo "$TOOLS" | awk '{for (i = NF; i > 0; i--) printf "%s ", $i}')
			for tool in $order; do
				cache=$(mktemp -d "$WORK/cache.XXXXXX")
				lsp_session "$target" "$tool" "$round" cold "$cache"
				lsp_session "$target" "$tool" "$round" warm "$cache"
				for _ in $(seq 2 "$WARM"); do
					lsp_session "$target" "$tool" "$round" again "$cache"
				done
				rm -rf "$cache"
				cache=$(mktemp -d "$WORK/cache.XXXXXX")
				check "$target" "$tool" "$round" cold "$cache"
				check "$target" "$tool" "$round" warm "$cache"
				rm -rf "$cache"
				write_meta # so that --report can show an interrupted run's rounds
			done
		done
	done
	write_meta
	# shellcheck disable=SC1091
	. "$WORK/meta.sh"
fi

median() { sort -n | awk '{a[NR] = $1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR + 1) / 2]; else printf "%g\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
med() { awk -v t="$1" -v tool="$2" -v m="$3" '$1 == t && $2 == tool && $4 == m {print $5}' "$DATA" | median; }
range() { awk -v t="$1" -v tool="$2" -v m="$3" '$1 == t && $2 == tool && $4 == m {print $5}' "$DATA" | sort -n | awk 'NR == 1 {lo = $1} {hi = $1} END {print lo "–" hi}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b + 0 == 0) print "n/a"; else printf "%.2f", a / b}'; }
mb() { awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }

table() {
	echo "# gopls with statuslint against stock gopls"
	echo
	echo "Written by \`bench/editor.sh\` on $DATE; measuring took $((ELAPSED / 60)) min."
	echo
	echo "- command: \`$CMDLINE\`"
	echo "- machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || echo unknown)), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo) RAM; $(go version | sed 's/^go version //'); load average (1, 5, 15 min) $LOAD_BEFORE before, $LOAD_AFTER after: other work shared the machine"
	echo "- gopls $VERSION: stock (\`go install golang.org/x/tools/gopls@$VERSION\`) and with statuslint's analyzers (\`tools/gopls\`), built with the same toolchain"
	echo "- $RUNS round(s) per module, the two goplses in turn within each round; each with a new, empty gopls file cache (cold), then $WARM more session(s) with the cache that run filled (the first warm, then $((WARM - 1)) later one(s), whose figures are medians over every later session of every round); $EDITS timed edits per LSP session"
	echo
	echo "\"open\": didOpen of a controller file to the publication of its analysis diagnostics; \"edit\": didChange (a comment line added) to the same for the new version, median over every edit of every round; \"check\": \`gopls check FILE\`, the whole process (wall and user+sys CPU). RSS is gopls's peak resident set. Ratio: with statuslint / stock; target ≤ 1.10."
	echo
	echo "| module | figure | stock | with statuslint | ratio | stock range | with statuslint range |"
	echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
	local target m label
	for target in $TARGETS; do
		for m in "lsp-cold-open:open, cold cache (s)" "lsp-warm-open:open, warm cache (s)" "lsp-cold-edit:edit, after a cold open (s)" "lsp-warm-edit:edit, after a warm open (s)" "lsp-cold-settle:after the edits, until gopls is idle, cold (s)" "lsp-warm-settle:after the edits, until gopls is idle, warm (s)" "lsp-cold-cpu:LSP session CPU, cold (s)" "lsp-warm-cpu:LSP session CPU, warm (s)" "lsp-cold-rss:LSP peak RSS, cold session (MiB)" "lsp-warm-rss:LSP peak RSS, warm session (MiB)" "lsp-again-open:open, warm cache, later sessions (s)" "lsp-again-edit:edit, later warm sessions (s)" "lsp-again-cpu:LSP session CPU, later warm (s)" "lsp-again-rss:LSP peak RSS, later warm sessions (MiB)" "check-cold-wall:check, cold cache, wall (s)" "check-cold-cpu:check, cold cache, CPU (s)" "check-warm-wall:check, warm cache, wall (s)" "check-warm-cpu:check, warm cache, CPU (s)" "check-cold-rss:check peak RSS, cold (MiB)" "check-warm-rss:check peak RSS, warm (MiB)"; do
			label=${m#*:}
			m=${m%%:*}
			local a b ra rb
			a=$(med "$target" stock "$m")
			b=$(med "$target" statuslint "$m")
			ra=$(range "$target" stock "$m")
			rb=$(range "$target" statuslint "$m")
			case $m in *rss)
				ra=$(echo "$ra" | awk -F– '{printf "%.0f–%.0f", $1 / 1024, $2 / 1024}')
				rb=$(echo "$rb" | awk -F– '{printf "%.0f–%.0f", $1 / 1024, $2 / 1024}')
				echo "| $target | $label | $(mb "$a") | $(mb "$b") | $(ratio "$b" "$a") | $ra | $rb |"
				continue ;;
			esac
			echo "| $target | $label | $a | $b | $(ratio "$b" "$a") | $ra | $rb |"
		done
		echo "| $target | diagnostics in the file (statuslint's) | $(med "$target" stock lsp-warm-diags) ($(med "$target" stock lsp-warm-statuslint)) | $(med "$target" statuslint lsp-warm-diags) ($(med "$target" statuslint lsp-warm-statuslint)) | | | |"
	done
}

table >"$WORK/table.md"
cat "$WORK/table.md"
if [ "$RESULTS" != "-" ]; then
	if [ -f "$RESULTS" ] && grep -q '^<!-- notes -->' "$RESULTS"; then
		{ cat "$WORK/table.md"; echo; sed -n '/^<!-- notes -->/,$p' "$RESULTS"; } >"$WORK/results.md"
	else
		cp "$WORK/table.md" "$WORK/results.md"
	fi
	mv "$WORK/results.md" "$RESULTS"
	log "wrote $RESULTS"
fi
