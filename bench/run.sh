#!/usr/bin/env bash
# bench/run.sh times statuslint against the floor: go vet with a no-op vet
# tool, built from the same x/tools, which pays go vet's per-package parsing
# and type-checking and nothing else; and plain go vet.
#
#   bench/run.sh                                # sizes 50, 400 and 1600, 3 runs, writes bench/RESULTS.md
#   bench/run.sh --sizes 20 --runs 1 --no-example --standalone-runs 0 --results -   # quick look
#
# Options (or the environment variables in brackets):
#   --sizes "N M ..."     generated module sizes in packages [SIZES, "50 400 1600"]
#   --runs R              timed go vet runs per tool and module [RUNS, 3]
#   --standalone-runs S   timed standalone runs per tool and module [STANDALONE_RUNS, 3]
#   --no-example          leave out the bundled example module [EXAMPLE=0]
#   --tools "T ..."       the tools to time, of noop statuslint statuslint-noskip vet
#                         [TOOLS, all four]; noop and statuslint are always timed
#                         (standalone: all but vet)
#   --results FILE        where to write the table, - for stdout only [RESULTS, bench/RESULTS.md]
#   --report              measure nothing: write the table again from the last run's data
#
# For each module (the generated ones and example/), one untimed round runs
# every tool under -toolexec to record each vet tool process's peak RSS and
# to warm the compile cache; then R rounds time, in turn:
#   noop            go vet -vettool=noop ./...
#   statuslint      go vet -vettool=statuslint ./...   (dependencies that cannot matter skipped)
#   statuslint-noskip  the same with STATUSLINT_NOSKIP=1: the "before" figure
#   go vet          plain go vet ./..., with the default analyzers
# Every round rebuilds statuslint and noop with a fresh salt
# (-ldflags=-X main.salt=...), a different binary and so a different vet
# tool to go vet, whose cached results therefore miss, while the compile
# cache stays warm; plain go vet gets a fresh value of a flag that changes
# nothing (-printf.funcs=<salt>), which also keys its cache. So every timed
# run analyzes every package, dependencies included, and compiles nothing.
# The findings of statuslint and statuslint-noskip are compared every round.
set -euo pipefail

cd "$(dirname "$0")"
BENCH=$(pwd)
ROOT=$(cd .. && pwd)

SIZES=${SIZES:-"50 400 1600"}
RUNS=${RUNS:-3}
STANDALONE_RUNS=${STANDALONE_RUNS:-3}
EXAMPLE=${EXAMPLE:-1}
RESULTS=${RESULTS:-$BENCH/RESULTS.md}
CMDLINE="bench/run.sh"
REPORT=0
while [ $# -gt 0 ]; do
	case $1 in
	--sizes) SIZES=$2; CMDLINE+=" --sizes \"$2\""; shift 2 ;;
	--runs) RUNS=$2; CMDLINE+=" --runs $2"; shift 2 ;;
	--standalone-runs) STANDALONE_RUNS=$2; CMDLINE+=" --standalone-runs $2"; shift 2 ;;
	--no-example) EXAMPLE=0; CMDLINE+=" --no-example"; shift ;;
	--tools) TOOLS=$2; CMDLINE+=" --tools \"$2\""; shift 2 ;;
	--results) RESULTS=$2; shift 2 ;;
	--report) REPORT=1; shift ;;
	-h | --help) sed -n '2,/^set -euo/p' "$BENCH/$(basename "$0")" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

log() { printf '%s run.sh: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# GNU time reports the peak RSS of a process tree.
if [ ! -x /usr/bin/time ]; then
	log "installing GNU time"
	if [ "$(id -u)" = 0 ]; then
		(apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y time >/dev/null; })
	else
		sudo apt-get install -y time >/dev/null
	fi
fi

OUT=$BENCH/out
BIN=$OUT/bin
WORK=$OUT/work
mkdir -p "$BIN" "$WORK"
DATA=$WORK/data.txt # target tool round wall cpu rss
RSSDATA=$WORK/rss.txt # target tool invocations max-rss tool-cpu

# The -toolexec wrapper of the untimed round: one line per tool process.
# Fields: peak RSS (KB), user and sys CPU (s), the package's import path,
# the command line.
cat >"$BIN/rsswrap" <<'EOF'
#!/bin/sh
cfg=
for a in "$@"; do cfg=$a; done
pkg=-
case $cfg in *.cfg) pkg=$(sed -n 's/^[[:space:]]*"ImportPath": "\(.*\)",$/\1/p' "$cfg" | head -n 1) ;; esac
exec /usr/bin/time -a -o "$BENCH_RSS_LOG" -f "%M %U %S ${pkg:--} %C" "$@"
EOF
chmod +x "$BIN/rsswrap"

salt() { printf 's%s%s%s' "$RANDOM" "$$" "$RANDOM"; }

# build_tools builds statuslint twice (one for each mode: each needs a
# binary of its own, or the second mode would hit the first's cached
# results) and noop, each with a fresh salt, in the bench module, whose
# replace directive makes statuslint and noop share one x/tools.
build_tools() {
	local i
	for i in 1 2 3 4 5 6 7 8 9 10; do
		build_tools_once && return 0
		# The checkout may be mid-edit: wait and retry.
		log "building the tools failed (attempt $i); retrying in 30s"
		sleep 30
	done
	return 1
}

build_tools_once() {
	(cd "$BENCH" &&
		go build -ldflags="-X main.salt=$(salt)" -o "$BIN/statuslint" github.com/statuslint/statuslint/cmd/statuslint &&
		go build -ldflags="-X main.salt=$(salt)" -o "$BIN/statuslint-noskip" github.com/statuslint/statuslint/cmd/statuslint &&
		go build -ldflags="-X main.salt=$(salt)" -o "$BIN/noop" ./noop)
}

# TOOLS: noop and statuslint first, in this order, then the others asked for.
ALL_TOOLS="noop statuslint statuslint-noskip vet"
TOOLS=$(for t in $ALL_TOOLS; do case " noop statuslint ${TOOLS:-$ALL_TOOLS} " in *" $t "*) printf '%s ' "$t" ;; esac; done)
STANDALONE_TOOLS=$(for t in $TOOLS; do [ "$t" = vet ] || printf '%s ' "$t"; done)
has_tool() { case " $TOOLS " in *" $1 "*) return 0 ;; esac; return 1; }

# vet_cmd TOOL prints the go vet command line for TOOL.
vet_cmd() {
	case $1 in
	vet) echo "go vet -printf.funcs=$(salt) ./..." ;;
	*) echo "go vet -vettool=$BIN/$1 ./..." ;;
	esac
}

tool_env() {
	case $1 in
	statuslint-noskip | standalone-statuslint-noskip) echo "STATUSLINT_NOSKIP=1" ;;
	*) echo "STATUSLINT_NOSKIP=" ;;
	esac
}

# timed TARGET DIR TOOL ROUND CMD... runs CMD in DIR under GNU time and
# appends "target tool round wall cpu rss" to $DATA. Exit status 1 (go vet's
# findings) or 3 (the standalone checker's) is success; anything else aborts.
timed() {
	local target=$1 dir=$2 tool=$3 round=$4
	shift 4
	local tf=$WORK/time.txt rc=0
	(cd "$dir" && env $(tool_env "$tool") /usr/bin/time -o "$tf" -f "%e %U %S %M" "$@" >"$WORK/stdout.txt" 2>"$WORK/stderr.txt") || rc=$?
	if [ $rc -ne 0 ] && [ $rc -ne 1 ] && [ $rc -ne 3 ]; then
		log "$target $tool: exit $rc"
		cat "$WORK/stderr.txt" >&2
		exit 1
	fi
	tail -n 1 "$tf" | awk -v t="$target" -v tool="$tool" -v r="$round" '{printf "%s %s %s %.2f %.2f %d\n", t, tool, r, $1, $2 + $3, $4}' >>"$DATA"
	grep -E '^[^#].*\.go:[0-9]+:[0-9]+: ' "$WORK/stderr.txt" | sort >"$WORK/findings.$tool.$target" || true
}

# bench_target TARGET DIR times every tool on the module in DIR.
bench_target() {
	local target=$1 dir=$2
	log "$target: warm-up round with -toolexec (peak RSS per vet tool process)"
	(cd "$dir" && go build ./... && go vet ./... >/dev/null 2>&1) || true
	build_tools
	local mod
	mod=$(cd "$dir" && go list -m)
	for tool in $TOOLS; do
		local rl=$WORK/rss.$tool.$target.log
		: >"$rl"
		(cd "$dir" && env $(tool_env "$tool") BENCH_RSS_LOG="$rl" $(vet_cmd "$tool" | sed "s|^go vet|go vet -toolexec=$BIN/rsswrap|") >/dev/null 2>&1) || true
		grep 'vet\.cfg$' "$rl" | awk -v t="$target" -v tool="$tool" -v mod="$mod" '
			{n++; if ($1 > m) m = $1; c += $2 + $3}
			$4 == mod || index($4, mod "/") == 1 {own += $2 + $3; if ($1 > om) om = $1}
			END {printf "%s %s %d %d %.2f %.2f %d\n", t, tool, n, m, c, own, om}' >>"$RSSDATA"
	done
	for round in $(seq 1 "$RUNS"); do
		build_tools
		for tool in $TOOLS; do
			log "$target: round $round/$RUNS: $tool"
			timed "$target" "$dir" "$tool" "$round" $(vet_cmd "$tool")
		done
		if has_tool statuslint-noskip && ! cmp -s "$WORK/findings.statuslint.$target" "$WORK/findings.statuslint-noskip.$target"; then
			log "$target: findings differ with and without the skip"
			diff "$WORK/findings.statuslint.$target" "$WORK/findings.statuslint-noskip.$target" >&2 || true
			exit 1
		fi
		# Related information (a finding's reconcile path) is printed at
		# its own position with the message indented ("file:line:col:
		# <tab>text"): compared with the findings above, not counted here.
		awk -v t="$target" 'index($0, ": \t") == 0 { n++ } END { print t, n + 0 }' "$WORK/findings.statuslint.$target" >"$WORK/nfindings.$target"
	done
	for round in $(seq 1 "$STANDALONE_RUNS"); do
		for tool in $STANDALONE_TOOLS; do
			log "$target: standalone round $round/$STANDALONE_RUNS: $tool"
			timed "$target" "$dir" "standalone-$tool" "$round" "$BIN/$tool" ./...
		done
		if has_tool statuslint-noskip && ! cmp -s "$WORK/findings.standalone-statuslint.$target" "$WORK/findings.standalone-statuslint-noskip.$target"; then
			log "$target: standalone findings differ with and without the skip"
			diff "$WORK/findings.standalone-statuslint.$target" "$WORK/findings.standalone-statuslint-noskip.$target" >&2 || true
			exit 1
		fi
	done
}

if [ "$REPORT" = 1 ]; then
	# shellcheck disable=SC1091
	. "$WORK/meta.sh"
else
: >"$DATA"
: >"$RSSDATA"
TARGETS=()
for n in $SIZES; do
	dir=$OUT/op$n
	log "generating op$n ($n packages)"
	rm -rf "$dir"
	(cd "$BENCH" && go run ./gen -packages "$n" -out "$dir" >/dev/null)
	TARGETS+=("op$n:$dir")
done
if [ "$EXAMPLE" = 1 ]; then
	TARGETS+=("example:$ROOT/example")
fi

START=$(date +%s)
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for t in "${TARGETS[@]}"; do
	bench_target "${t%%:*}" "${t#*:}"
done
ELAPSED=$(($(date +%s) - START))
LOAD="$LOAD_BEFORE at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end"
DATE=$(date -u '+%Y-%m-%d (%H:%M UTC)')
{
	printf 'CMDLINE=%q\nSIZES=%q\nRUNS=%q\nSTANDALONE_RUNS=%q\nELAPSED=%q\nDATE=%q\nTOOLS=%q\nSTANDALONE_TOOLS=%q\nLOAD=%q\n' "$CMDLINE" "$SIZES" "$RUNS" "$STANDALONE_RUNS" "$ELAPSED" "$DATE" "$TOOLS" "$STANDALONE_TOOLS" "$LOAD"
	printf 'TARGETS=(%s)\n' "$(printf '%q ' "${TARGETS[@]}")"
} >"$WORK/meta.sh"
fi

# The table.
median() { sort -n | awk '{a[NR] = $1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR + 1) / 2]; else printf "%.2f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
med() { # stat TARGET TOOL FIELD (4 wall, 5 cpu, 6 rss)
	awk -v t="$1" -v tool="$2" -v f="$3" '$1 == t && $2 == tool {print $f}' "$DATA" | median
}
rssof() { # rssof TARGET TOOL FIELD (3 invocations, 4 max rss, 5 tool cpu, 6 tool cpu on the module's own packages, 7 their max rss)
	awk -v t="$1" -v tool="$2" -v f="$3" '$1 == t && $2 == tool {print $f}' "$RSSDATA"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b + 0 == 0) print "n/a"; else printf "%.2f", a / b}'; }
mb() { awk -v k="$1" 'BEGIN {if (k == "") print "n/a"; else printf "%.0f", k / 1024}'; }

table() {
	echo "# statuslint benchmark results"
	echo
	echo "Written by \`bench/run.sh\` on $DATE; measuring took $((ELAPSED / 60)) min."
	echo
	echo "- command: \`$CMDLINE\`"
	echo "- machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || echo unknown)), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo) RAM; $(go version | sed 's/^go version //')"
	echo "- statuslint and noop built from the same x/tools ($(cd "$BENCH" && go list -m -f '{{.Version}}' golang.org/x/tools)); generated modules use controller-runtime $(cd "$BENCH" && sed -n 's/.*controllerRuntime *= *"\(.*\)"/\1/p' gen/main.go) and k8s.io $(cd "$BENCH" && sed -n 's/.*k8sVersion *= *"\(.*\)"/\1/p' gen/main.go)"
	echo "- go vet: $RUNS timed runs per tool and module (medians shown), each a cold analysis (fresh tool salt) with a warm compile cache; standalone: $STANDALONE_RUNS run(s)"
	echo "- other work may share the machine${LOAD:+ (load average over 1, 5 and 15 min: $LOAD)}: compare ratios within a module, not absolute times across runs of the script"
	echo
	echo "## go vet"
	echo
	echo "wall and CPU (user+sys, every process of the run) in seconds; \"tree RSS\" is the peak RSS of the largest single process of the run (the go command or one vet tool process, GNU time); \"tool RSS\" is the largest peak RSS of any one vet tool process, from the -toolexec round; \"tool CPU\" is the vet tool processes' CPU in that round, \"own\" the part spent on the module's own packages (where nothing is skipped)."
	echo
	echo "| module | vet tool runs | findings | tool | wall | CPU | tree RSS MiB | tool RSS MiB | tool CPU | own |"
	echo "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
	for t in "${TARGETS[@]}"; do
		local target=${t%%:*}
		local nf
		nf=$(awk '{print $2}' "$WORK/nfindings.$target" 2>/dev/null || echo "?")
		for tool in $TOOLS; do
			echo "| $target | $(rssof "$target" "$tool" 3) | $([ "${tool#statuslint}" != "$tool" ] && echo "$nf" || echo "") | $tool | $(med "$target" "$tool" 4) | $(med "$target" "$tool" 5) | $(mb "$(med "$target" "$tool" 6)") | $(mb "$(rssof "$target" "$tool" 4)") | $(rssof "$target" "$tool" 5) | $(rssof "$target" "$tool" 6) |"
		done
	done
	echo
	echo "## Ratios"
	echo
	echo "\"after\" is statuslint as built (dependencies that cannot matter skipped), \"before\" the same binary with STATUSLINT_NOSKIP=1. Targets: statuslint/noop ≤ 1.0, statuslint/go vet ≤ 1.0, tool RSS ≤ 1.5× noop."
	echo
	echo "| module | | /noop wall | /noop CPU | /go vet wall | /go vet CPU | tool RSS /noop |"
	echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
	for t in "${TARGETS[@]}"; do
		local target=${t%%:*}
		for pair in "after:statuslint" $(has_tool statuslint-noskip && echo "before:statuslint-noskip"); do
			local tool=${pair#*:}
			echo "| $target | ${pair%%:*} | $(ratio "$(med "$target" "$tool" 4)" "$(med "$target" noop 4)") | $(ratio "$(med "$target" "$tool" 5)" "$(med "$target" noop 5)") | $(ratio "$(med "$target" "$tool" 4)" "$(med "$target" vet 4)") | $(ratio "$(med "$target" "$tool" 5)" "$(med "$target" vet 5)") | $(ratio "$(rssof "$target" "$tool" 4)" "$(rssof "$target" noop 4)") |"
		done
	done
	local sizes=($SIZES)
	if [ ${#sizes[@]} -ge 2 ]; then
		local a=op${sizes[0]} b=op${sizes[${#sizes[@]} - 1]}
		echo
		echo "## Growth from $a to $b"
		echo
		echo "Package count grows $(ratio "${sizes[${#sizes[@]} - 1]}" "${sizes[0]}")× (vet tool runs, dependencies included: $(ratio "$(rssof "$b" noop 3)" "$(rssof "$a" noop 3)")×). Extra cost is a tool's median CPU minus noop's on the same module (negative: cheaper than the floor); per added package, the difference between the two sizes divided by the packages added, which is what the module's own packages cost, the dependencies being the same."
		echo
		echo "| | CPU $a | CPU $b | growth | extra CPU $a | extra CPU $b | CPU per added package, ms | extra per added package, ms |"
		echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
		local added=$((${sizes[${#sizes[@]} - 1]} - ${sizes[0]}))
		local na nb
		na=$(med "$a" noop 5)
		nb=$(med "$b" noop 5)
		for tool in $TOOLS; do
			local ca cb
			ca=$(med "$a" "$tool" 5)
			cb=$(med "$b" "$tool" 5)
			echo "| $tool | $ca | $cb | $(ratio "$cb" "$ca")× | $(awk -v x="$ca" -v y="$na" 'BEGIN {printf "%.2f", x - y}') | $(awk -v x="$cb" -v y="$nb" 'BEGIN {printf "%.2f", x - y}') | $(awk -v x="$ca" -v y="$cb" -v n="$added" 'BEGIN {printf "%.1f", (y - x) * 1000 / n}') | $(awk -v x="$ca" -v y="$cb" -v p="$na" -v q="$nb" -v n="$added" 'BEGIN {printf "%.1f", ((y - x) - (q - p)) * 1000 / n}') |"
		done
	fi
	if [ ${#sizes[@]} -ge 2 ]; then
		echo
		echo "## Cost per package"
		echo
		echo "Every cost against the package count: the whole run's median (go vet: CPU of every process; standalone: CPU and peak RSS of the one process) divided by the generated packages, and the marginal cost, the difference between two sizes divided by the packages added (ms or MiB per package). A cost that grows no faster than the package count has a marginal cost that does not rise with size; the per-package cost falls while the fixed cost of the dependencies is spread over more packages. \"growth\" is the cost at the largest size over the cost at the smallest, against the package count's growth."
		echo
		local hdr="| cost | tool |" sep="| --- | --- |"
		local n
		for n in "${sizes[@]}"; do hdr+=" per package op$n |"; sep+=" ---: |"; done
		local i
		for ((i = 1; i < ${#sizes[@]}; i++)); do hdr+=" marginal ${sizes[i - 1]}→${sizes[i]} |"; sep+=" ---: |"; done
		hdr+=" growth (packages ×$(ratio "${sizes[${#sizes[@]} - 1]}" "${sizes[0]}")) |"
		sep+=" ---: |"
		echo "$hdr"
		echo "$sep"
		local cost tool field scale unit
		for cost in "vet CPU ms:5:1000" "standalone CPU ms:5:1000" "standalone RSS MiB:6:0.0009765625"; do
			field=$(echo "$cost" | cut -d: -f2)
			scale=$(echo "$cost" | cut -d: -f3)
			local tools=$TOOLS prefix=""
			case $cost in standalone*)
				[ "$STANDALONE_RUNS" -gt 0 ] || continue
				tools=$STANDALONE_TOOLS prefix="standalone-" ;;
			esac
			for tool in $tools; do
				local row="| ${cost%%:*} | $tool |" vals=()
				for n in "${sizes[@]}"; do
					local v
					v=$(med "op$n" "$prefix$tool" "$field")
					vals+=("$v")
					row+=" $(awk -v v="$v" -v n="$n" -v s="$scale" 'BEGIN {printf "%.2f", v * s / n}') |"
				done
				for ((i = 1; i < ${#sizes[@]}; i++)); do
					row+=" $(awk -v a="${vals[i - 1]}" -v b="${vals[i]}" -v m="${sizes[i - 1]}" -v n="${sizes[i]}" -v s="$scale" 'BEGIN {printf "%.2f", (b - a) * s / (n - m)}') |"
				done
				row+=" $(ratio "${vals[${#vals[@]} - 1]}" "${vals[0]}")× |"
				echo "$row"
			done
		done
	fi
	if [ "$STANDALONE_RUNS" -gt 0 ]; then
		echo
		echo "## Standalone"
		echo
		echo "\`statuslint ./...\` against \`noop ./...\`, a multichecker whose only analyzer does nothing (go/packages; no vet cache involved). Having no facts, noop type-checks only the module's packages from source and reads every dependency from export data. statuslint's driver (internal/driver) type-checks from source the module's packages and the dependencies that can carry a fact, and reads the rest from export data; statuslint-noskip (STATUSLINT_NOSKIP=1) type-checks everything from source, as x/tools' checker does for analyzers with facts: the \"before\" figure. The findings with and without the skip are compared every round."
		echo
		echo "| module | tool | wall | CPU | RSS MiB | CPU /noop | RSS /noop |"
		echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
		for t in "${TARGETS[@]}"; do
			local target=${t%%:*}
			for tool in $STANDALONE_TOOLS; do
				echo "| $target | $tool | $(med "$target" "standalone-$tool" 4) | $(med "$target" "standalone-$tool" 5) | $(mb "$(med "$target" "standalone-$tool" 6)") | $(ratio "$(med "$target" "standalone-$tool" 5)" "$(med "$target" standalone-noop 5)") | $(ratio "$(med "$target" "standalone-$tool" 6)" "$(med "$target" standalone-noop 6)") |"
			done
		done
	fi
}

table >"$WORK/table.md"
cat "$WORK/table.md"
if [ "$RESULTS" != "-" ]; then
	if [ -f "$RESULTS" ] && grep -q '^<!-- notes -->' "$RESULTS"; then
		# Keep hand-written notes below the marker.
		{ cat "$WORK/table.md"; echo; sed -n '/^<!-- notes -->/,$p' "$RESULTS"; } >"$WORK/results.md"
	else
		cp "$WORK/table.md" "$WORK/results.md"
	fi
	mv "$WORK/results.md" "$RESULTS"
	log "wrote $RESULTS"
fi
