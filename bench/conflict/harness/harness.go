// Package harness prepares the variants of the example operator that the
// conflict benchmark compares, runs each under the same load against its
// own kube-apiserver and etcd, and writes the table.
//
// Each variant is a copy of example/ made at run time: as shipped; after
// the statuslint -fix of this checkout, so the figures are those of what the
// tool writes today; and after -fix, the findings without an automatic fix
// patched by hand the way their messages say. Into each copy goes a small
// main (drivermain.go.txt) that runs the copy's reconcilers under the
// driver package, built as a binary and run as a process of its own, so the
// runs share no controller-runtime globals.
package harness

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/statuslint/statuslint/bench/conflict/driver"
)

//go:embed drivermain.go.txt
var driverMain []byte

// Variant is one version of the example operator.
type Variant struct {
	Name string
	Note string
	Fix  bool // statuslint -fix applied
	Hand bool // the remaining findings fixed by hand (see handFixes)

	// Requeue keeps the shipped status Updates and requeues quietly on a
	// conflict (requeueEdits).
	Requeue bool
}

// Variants are the four the benchmark compares, in table order.
var Variants = []Variant{
	{Name: "shipped", Note: "example/ as committed"},
	{Name: "statuslint -fix", Fix: true, Note: "after `statuslint -fix ./...` of this checkout"},
	{Name: "fixed by hand", Fix: true, Hand: true, Note: "after -fix, the findings without an automatic fix patched the way their messages say (hand-fixed)"},
	{Name: "requeue on conflict", Requeue: true, Note: "example/ as committed, its status `Update`s kept, a conflict requeued quietly instead of returned (edited by hand)"},
}

// TestedVariants are the variants the quick test runs: shipped, -fix and
// fixed by hand. The requeue variant is measured by conflictbench only.
var TestedVariants = Variants[:3]

// Load is the size and shape of one run; see driver.Config.
type Load struct {
	Bursts, PerBurst, Workers int
	Interfere                 float64
	BurstGap, Settle, Steady  time.Duration
	SettleMax                 time.Duration
	Timeout                   time.Duration

	// Handover runs the operator as two processes under leader election
	// and kills the leader after the third burst's creates (driver.Config).
	Handover bool
}

// Quick is the size the test runs. Its steady window waits for 3 s
// without a status write (30 s at most), so that on a busy machine the
// tail of convergence does not count as steady-state writes.
var Quick = Load{Bursts: 2, PerBurst: 60, Workers: 60, Interfere: 20, BurstGap: 2 * time.Second, Settle: 3 * time.Second, SettleMax: 30 * time.Second, Steady: 20 * time.Second, Timeout: 5 * time.Minute}

// Large is the benchmark's size: 1,500 objects in 5 bursts of 300, for
// two cores. Its steady window starts 10 s after all are Ready, quiet or
// not, so that every variant is measured the same way.
var Large = Load{Bursts: 5, PerBurst: 300, Workers: 200, Interfere: 40, BurstGap: 5 * time.Second, Settle: 10 * time.Second, SettleMax: 10 * time.Second, Steady: 60 * time.Second, Timeout: 15 * time.Minute}

// HandoverBurst is the burst after whose creates a hand-over kills the
// leader: the third, or the last when there are fewer.
func (l Load) HandoverBurst() int { return min(3, l.Bursts) }

// Args are the driver flags for l.
func (l Load) Args() []string {
	return []string{
		"-bursts", fmt.Sprint(l.Bursts), "-per-burst", fmt.Sprint(l.PerBurst),
		"-workers", fmt.Sprint(l.Workers), "-interfere", fmt.Sprint(l.Interfere),
		"-burst-gap", l.BurstGap.String(), "-settle", l.Settle.String(), "-settle-max", l.SettleMax.String(),
		"-steady", l.Steady.String(), "-timeout", l.Timeout.String(),
		fmt.Sprintf("-handover=%t", l.Handover), "-handover-burst", fmt.Sprint(l.HandoverBurst()),
	}
}

// Harness builds and runs the variants.
type Harness struct {
	Root   string    // the statuslint repository
	Assets string    // directory with kube-apiserver and etcd
	Work   string    // scratch directory
	Log    io.Writer // progress

	statuslint string
}

// Prepared is a variant ready to run.
type Prepared struct {
	Variant
	Dir      string   // the variant's copy of the example
	Binary   string   // its driver
	Findings []string // what statuslint still reports on the copy
}

// BuildStatuslint builds cmd/statuslint of the checkout.
func (h *Harness) BuildStatuslint(ctx context.Context) error {
	h.statuslint = filepath.Join(h.Work, "statuslint")
	_, err := h.Command(ctx, h.Root, nil, "go", "build", "-o", h.statuslint, "./cmd/statuslint")
	return err
}

// Prepare copies the example, applies the variant's fixes and builds its
// driver.
func (h *Harness) Prepare(ctx context.Context, v Variant) (*Prepared, error) {
	slug := strings.NewReplacer(" ", "-", "-fix", "fix").Replace(v.Name)
	dir := filepath.Join(h.Work, slug, "example")
	if err := os.RemoveAll(filepath.Dir(dir)); err != nil {
		return nil, err
	}
	if err := CopyDir(filepath.Join(h.Root, "example"), dir, nil); err != nil {
		return nil, err
	}
	harnessMod := filepath.Join(h.Root, "bench", "conflict")
	if _, err := h.Command(ctx, dir, nil, "go", "mod", "edit",
		"-replace=github.com/statuslint/statuslint="+h.Root,
		"-require=github.com/statuslint/statuslint/bench/conflict@v0.0.0-00010101000000-000000000000",
		"-replace=github.com/statuslint/statuslint/bench/conflict="+harnessMod); err != nil {
		return nil, err
	}
	// Whether -fix wrote its fixes is checked below, by building the copy.
	if v.Fix {
		if err := h.Fix(ctx, dir, nil); err != nil {
			return nil, err
		}
	}
	if v.Hand {
		if err := applyHandFixes(dir); err != nil {
			return nil, fmt.Errorf("%s: %w", v.Name, err)
		}
	}
	if v.Requeue {
		if err := ApplyEdits(dir, requeueEdits, false); err != nil {
			return nil, fmt.Errorf("%s: %w", v.Name, err)
		}
	}
	p := &Prepared{Variant: v, Dir: dir, Binary: filepath.Join(h.Work, slug, "conflictdriver")}
	findings, err := h.Findings(ctx, dir, nil)
	if err != nil {
		return nil, err
	}
	p.Findings = findings
	if v.Hand {
		for _, f := range p.Findings {
			if strings.HasPrefix(f, "statusupdate:") {
				return nil, fmt.Errorf("%s: a statusupdate finding is left after the hand fixes: %s", v.Name, f)
			}
		}
	}

	// The driver's main goes into the copy, where it may import the
	// copy's internal packages; the harness module's go.sum joins the
	// copy's for the packages the driver brings in.
	mainDir := filepath.Join(dir, "cmd", "conflictdriver")
	if err := os.MkdirAll(mainDir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(mainDir, "main.go"), driverMain, 0o644); err != nil {
		return nil, err
	}
	sums, err := os.ReadFile(filepath.Join(harnessMod, "go.sum"))
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, "go.sum"), os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	_, err = f.Write(sums)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	env := []string{"GOFLAGS=-mod=mod " + os.Getenv("GOFLAGS")}
	if _, err := h.Command(ctx, dir, env, "go", "build", "-o", p.Binary, "./cmd/conflictdriver"); err != nil {
		return nil, fmt.Errorf("building the %s driver: %w", v.Name, err)
	}
	return p, nil
}

// Fix runs statuslint -fix on packages (./... when none are given) of the
// module in dir, with env added to the environment. statuslint exits
// non-zero while findings remain (those without a fix); that is not an
// error here: whether it wrote its fixes is for the caller to check.
func (h *Harness) Fix(ctx context.Context, dir string, env []string, packages ...string) error {
	if len(packages) == 0 {
		packages = []string{"./..."}
	}
	if _, err := h.Command(ctx, dir, env, h.statuslint, append([]string{"-fix"}, packages...)...); err != nil && !isExit(err) {
		return err
	}
	return nil
}

// Findings lists what statuslint reports on packages (./... when none are
// given) of the module in dir, with env added to the environment, each as
// "pass: position: message" (see the function Findings).
func (h *Harness) Findings(ctx context.Context, dir string, env []string, packages ...string) ([]string, error) {
	if len(packages) == 0 {
		packages = []string{"./..."}
	}
	out, err := h.Command(ctx, dir, env, h.statuslint, append([]string{"-json"}, packages...)...)
	if err != nil && !isExit(err) {
		return nil, err
	}
	list, jerr := Findings(out)
	if jerr != nil && err != nil {
		// No JSON and a failed exit: what statuslint said on stderr (a
		// package that did not load, say) is the reason, not the JSON.
		return nil, fmt.Errorf("%w; %v", jerr, err)
	}
	return list, jerr
}

// Findings lists the findings in the output of statuslint -json, each as
// "pass: file:line:col: message", sorted; an analyzer's error is listed as
// "pass: error: ...".
func Findings(jsonOut string) ([]string, error) {
	var byPkg map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(jsonOut), &byPkg); err != nil {
		return nil, fmt.Errorf("reading statuslint -json: %w", err)
	}
	var list []string
	for _, byPass := range byPkg {
		for pass, raw := range byPass {
			var diags []struct{ Posn, Message string }
			if err := json.Unmarshal(raw, &diags); err != nil {
				// An analyzer error is an object, not a list.
				list = append(list, pass+": error: "+string(raw))
				continue
			}
			for _, d := range diags {
				list = append(list, pass+": "+filepath.Base(d.Posn)+": "+d.Message)
			}
		}
	}
	sort.Strings(list)
	return list, nil
}

// Run runs a prepared variant under load and returns what it measured.
func (h *Harness) Run(ctx context.Context, p *Prepared, l Load) (*driver.Result, error) {
	args := append([]string{"-variant", p.Name, "-assets", h.Assets,
		"-crds", filepath.Join(h.Root, "bench", "conflict", "testdata", "crds")}, l.Args()...)
	var res driver.Result
	if err := h.RunDriver(ctx, p.Name, p.Binary, args, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// RunDriver runs the driver binary of the variant name with args, in the
// binary's directory, and decodes the JSON it prints into result.
func (h *Harness) RunDriver(ctx context.Context, name, binary string, args []string, result any) error {
	h.logf("running %s: %s", name, strings.Join(args, " "))
	start := time.Now()
	out, err := h.Command(ctx, filepath.Dir(binary), nil, binary, args...)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := json.Unmarshal([]byte(out), result); err != nil {
		return fmt.Errorf("%s: reading its result: %w", name, err)
	}
	h.logf("%s done in %s", name, time.Since(start).Round(time.Second))
	return nil
}

func (h *Harness) logf(format string, args ...any) {
	if h.Log != nil {
		fmt.Fprintf(h.Log, format+"\n", args...)
	}
}

// Command runs a command in dir, with env added to the environment, and
// returns its stdout; its stderr goes into the error when it fails.
func (h *Harness) Command(ctx context.Context, dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	// Asked to stop, a driver stops its kube-apiserver and etcd first.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = time.Minute
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	// stderr goes into the error, not the log: statuslint prints its
	// findings there, and the go command its progress.
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), &cmdError{cmd: name + " " + strings.Join(args, " "), err: err, stderr: stderr.String()}
	}
	return stdout.String(), nil
}

type cmdError struct {
	cmd, stderr string
	err         error
}

func (e *cmdError) Error() string {
	s := e.stderr
	if len(s) > 4000 {
		s = "..." + s[len(s)-4000:]
	}
	return fmt.Sprintf("%s: %v\n%s", e.cmd, e.err, s)
}

func (e *cmdError) Unwrap() error { return e.err }

// isExit reports whether err is only a non-zero exit of a command that ran.
func isExit(err error) bool {
	var ee *exec.ExitError
	ce, ok := err.(*cmdError)
	if !ok {
		return false
	}
	ee, ok = ce.err.(*exec.ExitError)
	return ok && ee.ExitCode() > 0
}

// CopyDir copies the tree src to dst: every file, or with keep only the
// files it accepts (by name).
func CopyDir(src, dst string, keep func(name string) bool) error {
	return filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if keep != nil && !keep(info.Name()) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

// Servers returns the directory holding kube-apiserver and etcd:
// KUBEBUILDER_ASSETS when set, else what build-servers.sh prints, which
// builds them the first time.
func (h *Harness) Servers(ctx context.Context) (string, error) {
	if dir := os.Getenv("KUBEBUILDER_ASSETS"); dir != "" {
		return dir, nil
	}
	out, err := h.Command(ctx, h.Root, nil, "bash", filepath.Join(h.Root, "bench", "conflict", "build-servers.sh"))
	if err != nil {
		return "", err
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1], nil
}
