package podlabels

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/statuslint/statuslint/bench/conflict/harness"
)

//go:embed main.go.txt
var driverMain []byte

// copyModule is the module path of a variant's copy.
const copyModule = "podlabelsrun"

// Variant is one version of the labeller.
type Variant struct {
	Name string
	Fix  bool // statuslint -fix applied to the copy
}

// Variants are the two the benchmark compares, in table order.
var Variants = []Variant{
	{Name: "as written"},
	{Name: "statuslint -fix", Fix: true},
}

// Bench prepares and runs the variants.
type Bench struct {
	Root       string    // the statuslint repository
	Assets     string    // directory with kube-apiserver and etcd
	Work       string    // scratch directory
	Log        io.Writer // progress
	Statuslint string    // the statuslint binary; BuildStatuslint sets it
}

// Prepared is a variant ready to run.
type Prepared struct {
	Variant
	Dir      string   // the copy's module
	Binary   string   // its driver
	Findings []string // what statuslint reports on the copy
	Source   string   // the copy's controller.go after the variant's fix
}

// BuildStatuslint builds cmd/statuslint of the checkout into Work.
func (b *Bench) BuildStatuslint(ctx context.Context) error {
	b.Statuslint = filepath.Join(b.Work, "statuslint")
	_, err := b.run(ctx, b.Root, nil, "go", "build", "-o", b.Statuslint, "./cmd/statuslint")
	return err
}

// Prepare copies controller/ into a module of its own, applies the
// variant's fix, lists what statuslint reports on the copy and builds the
// driver. It fails when the copy as written has no objectupdate finding on
// its Update, or when the fixed copy still has one, or has no patch.
func (b *Bench) Prepare(ctx context.Context, v Variant) (*Prepared, error) {
	slug := strings.NewReplacer(" ", "-", "-fix", "fix").Replace(v.Name)
	dir := filepath.Join(b.Work, slug)
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	bench := filepath.Join(b.Root, "bench", "conflict")
	src := filepath.Join(bench, "podlabels", "controller")
	if err := os.MkdirAll(filepath.Join(dir, "controller"), 0o755); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "controller", e.Name()), data, 0o644); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), driverMain, 0o644); err != nil {
		return nil, err
	}
	// The copy requires what the bench module requires, and the bench
	// module itself (for Main) from this checkout.
	mod, err := os.ReadFile(filepath.Join(bench, "go.mod"))
	if err != nil {
		return nil, err
	}
	first, rest, _ := bytes.Cut(mod, []byte("\n"))
	if !bytes.HasPrefix(first, []byte("module ")) {
		return nil, fmt.Errorf("bench/conflict/go.mod does not start with its module line")
	}
	mod = append([]byte("module "+copyModule+"\n"), rest...)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		return nil, err
	}
	sums, err := os.ReadFile(filepath.Join(bench, "go.sum"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sums, 0o644); err != nil {
		return nil, err
	}
	if _, err := b.run(ctx, dir, nil, "go", "mod", "edit",
		"-require=github.com/statuslint/statuslint/bench/conflict@v0.0.0-00010101000000-000000000000",
		"-replace=github.com/statuslint/statuslint/bench/conflict="+bench); err != nil {
		return nil, err
	}
	env := []string{"GOFLAGS=-mod=mod " + os.Getenv("GOFLAGS")}

	if v.Fix {
		// statuslint exits non-zero when it reports; what matters is that
		// the fix was written, checked below.
		if _, err := b.run(ctx, dir, env, b.Statuslint, "-fix", "./..."); err != nil && !isExit(err) {
			return nil, err
		}
	}
	p := &Prepared{Variant: v, Dir: dir, Binary: filepath.Join(dir, "podlabelsdriver")}
	if p.Findings, err = b.findings(ctx, dir, env); err != nil {
		return nil, err
	}
	source, err := os.ReadFile(filepath.Join(dir, "controller", "controller.go"))
	if err != nil {
		return nil, err
	}
	p.Source = string(source)
	reported := false
	for _, f := range p.Findings {
		if strings.HasPrefix(f, "objectupdate: controller.go:") {
			reported = true
		}
	}
	switch {
	case !v.Fix && !reported:
		return nil, fmt.Errorf("%s: objectupdate does not report the labeller's Update: %q", v.Name, p.Findings)
	case v.Fix && reported:
		return nil, fmt.Errorf("%s: objectupdate still reports the labeller after -fix: %q", v.Name, p.Findings)
	case v.Fix && (!strings.Contains(p.Source, "client.MergeFrom(") || strings.Contains(p.Source, "r.Update(")):
		return nil, fmt.Errorf("%s: the fix was not applied:\n%s", v.Name, p.Source)
	}
	if _, err := b.run(ctx, dir, env, "go", "build", "-o", p.Binary, "."); err != nil {
		return nil, fmt.Errorf("building the %s driver: %w", v.Name, err)
	}
	return p, nil
}

// findings lists what statuslint reports on the module in dir (see
// harness.Findings).
func (b *Bench) findings(ctx context.Context, dir string, env []string) ([]string, error) {
	out, err := b.run(ctx, dir, env, b.Statuslint, "-json", "./...")
	if err != nil && !isExit(err) {
		return nil, err
	}
	return harness.Findings(out)
}

// Run runs a prepared variant at the size cfg and returns what it measured.
func (b *Bench) Run(ctx context.Context, p *Prepared, cfg Config) (*Result, error) {
	args := append([]string{"-variant", p.Name, "-assets", b.Assets}, cfg.Args()...)
	b.logf("running %s: %s", p.Name, strings.Join(args, " "))
	start := time.Now()
	out, err := b.run(ctx, p.Dir, nil, p.Binary, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	var res Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return nil, fmt.Errorf("%s: reading its result: %w", p.Name, err)
	}
	b.logf("%s done in %s", p.Name, time.Since(start).Round(time.Second))
	return &res, nil
}

func (b *Bench) logf(format string, args ...any) {
	if b.Log != nil {
		fmt.Fprintf(b.Log, format+"\n", args...)
	}
}

// run runs a command in dir and returns its stdout; its stderr goes into
// the error when it fails.
func (b *Bench) run(ctx context.Context, dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	// Asked to stop, a driver stops its kube-apiserver and etcd first.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = time.Minute
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		s := stderr.String()
		if len(s) > 4000 {
			s = "..." + s[len(s)-4000:]
		}
		return stdout.String(), &cmdError{msg: fmt.Sprintf("%s %s: %v\n%s", name, strings.Join(args, " "), err, s), err: err}
	}
	return stdout.String(), nil
}

type cmdError struct {
	msg string
	err error
}

func (e *cmdError) Error() string { return e.msg }
func (e *cmdError) Unwrap() error { return e.err }

// isExit reports whether err is only a non-zero exit of a command that ran.
func isExit(err error) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && ee.ExitCode() > 0
}
