package podlabels

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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

// Bench prepares and runs the variants. Building statuslint, running it
// and the go command, and running a driver are the conflict harness's;
// Prepare and Run, for the labeller, replace the harness's own.
type Bench struct {
	harness.Harness
}

// Prepared is a variant ready to run.
type Prepared struct {
	Variant
	Dir      string   // the copy's module
	Binary   string   // its driver
	Findings []string // what statuslint reports on the copy
	Source   string   // the copy's controller.go after the variant's fix
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
	// The labeller's sources, not its tests: the copy is what is measured.
	if err := harness.CopyDir(filepath.Join(bench, "podlabels", "controller"), filepath.Join(dir, "controller"), func(name string) bool {
		return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
	}); err != nil {
		return nil, err
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
	if _, err := b.Command(ctx, dir, nil, "go", "mod", "edit",
		"-require=github.com/statuslint/statuslint/bench/conflict@v0.0.0-00010101000000-000000000000",
		"-replace=github.com/statuslint/statuslint/bench/conflict="+bench); err != nil {
		return nil, err
	}
	env := []string{"GOFLAGS=-mod=mod " + os.Getenv("GOFLAGS")}

	// Whether -fix wrote the fix is checked below.
	if v.Fix {
		if err := b.Fix(ctx, dir, env); err != nil {
			return nil, err
		}
	}
	p := &Prepared{Variant: v, Dir: dir, Binary: filepath.Join(dir, "podlabelsdriver")}
	if p.Findings, err = b.Findings(ctx, dir, env); err != nil {
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
	if _, err := b.Command(ctx, dir, env, "go", "build", "-o", p.Binary, "."); err != nil {
		return nil, fmt.Errorf("building the %s driver: %w", v.Name, err)
	}
	return p, nil
}

// Run runs a prepared variant at the size cfg and returns what it measured.
func (b *Bench) Run(ctx context.Context, p *Prepared, cfg Config) (*Result, error) {
	args := append([]string{"-variant", p.Name, "-assets", b.Assets}, cfg.Args()...)
	var res Result
	if err := b.RunDriver(ctx, p.Name, p.Binary, args, &res); err != nil {
		return nil, err
	}
	return &res, nil
}
