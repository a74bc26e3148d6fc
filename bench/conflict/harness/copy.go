package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Copy is a controller package of this module copied at run time into a
// module of its own, with the main of its driver beside it: what the
// measurements other than the example operator's (podlabels, ownedstatus)
// build and run, once per variant.
type Copy struct {
	Dir      string   // the copy's module; the package is in Dir/controller
	Env      []string // added to the environment of the go command in Dir
	Findings []string // what statuslint reports on the copy (see Findings)
}

// CopyController copies the Go sources of the package in src (not its
// tests: the copy is what is measured) into dir/controller, writes main as
// dir/main.go and makes dir the module named module (see BenchModule). With
// fix it runs statuslint -fix on the copy; whether that wrote its fix is
// for the caller to check. Then it lists what statuslint reports on the
// copy.
func (h *Harness) CopyController(ctx context.Context, src, dir, module string, main []byte, fix bool) (*Copy, error) {
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	if err := CopyDir(src, filepath.Join(dir, "controller"), func(name string) bool {
		return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
	}); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), main, 0o644); err != nil {
		return nil, err
	}
	c := &Copy{Dir: dir}
	var err error
	if c.Env, err = h.BenchModule(ctx, dir, module); err != nil {
		return nil, err
	}
	if fix {
		if err := h.Fix(ctx, dir, c.Env); err != nil {
			return nil, err
		}
	}
	if c.Findings, err = h.Findings(ctx, dir, c.Env); err != nil {
		return nil, err
	}
	return c, nil
}

// BenchModule makes dir the module named module that requires what the
// bench module (bench/conflict) requires, with its go.sum, and the bench
// module itself from this checkout. The bench module's replacements by a
// relative path (the example's module, ../../example) are made absolute.
// It returns what to add to the go command's environment in dir: a copy's
// requirements are those of the bench module, not tidied for the copy.
func (h *Harness) BenchModule(ctx context.Context, dir, module string) ([]string, error) {
	bench := filepath.Join(h.Root, "bench", "conflict")
	mod, err := os.ReadFile(filepath.Join(bench, "go.mod"))
	if err != nil {
		return nil, err
	}
	first, rest, _ := bytes.Cut(mod, []byte("\n"))
	if !bytes.HasPrefix(first, []byte("module ")) {
		return nil, fmt.Errorf("bench/conflict/go.mod does not start with its module line")
	}
	mod = append([]byte("module "+module+"\n"), rest...)
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
	out, err := h.Command(ctx, dir, nil, "go", "mod", "edit", "-json")
	if err != nil {
		return nil, err
	}
	var file struct {
		Replace []struct {
			Old, New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal([]byte(out), &file); err != nil {
		return nil, fmt.Errorf("reading go mod edit -json: %w", err)
	}
	edits := []string{"edit",
		"-require=github.com/statuslint/statuslint/bench/conflict@v0.0.0-00010101000000-000000000000",
		"-replace=github.com/statuslint/statuslint/bench/conflict=" + bench}
	for _, r := range file.Replace {
		if r.New.Version != "" || filepath.IsAbs(r.New.Path) {
			continue
		}
		old := r.Old.Path
		if r.Old.Version != "" {
			old += "@" + r.Old.Version
		}
		edits = append(edits, "-replace="+old+"="+filepath.Join(bench, r.New.Path))
	}
	if _, err := h.Command(ctx, dir, nil, "go", append([]string{"mod"}, edits...)...); err != nil {
		return nil, err
	}
	return []string{"GOFLAGS=-mod=mod " + os.Getenv("GOFLAGS")}, nil
}

// CopyVariant is one version of a copied controller.
type CopyVariant struct {
	Name string
	Fix  bool // statuslint -fix applied to the copy
}

// CopyVariants are the two versions a measurement of a copied controller
// compares, in table order: as written, and after statuslint -fix.
var CopyVariants = []CopyVariant{
	{Name: "as written"},
	{Name: "statuslint -fix", Fix: true},
}

// CopySpec says what a measurement copies and how it checks the copy.
type CopySpec struct {
	Package string // the controller package's folder, from bench/conflict
	Module  string // the copy's module path
	Main    []byte // the driver's main, which imports Module+"/controller"
	Binary  string // the driver's file name
	// Check is handed what statuslint reports on a variant's copy and the
	// copy's controller.go after the variant's fix, and fails when they
	// are not what the measurement is about.
	Check func(v CopyVariant, findings []string, source string) error
}

// PreparedCopy is a variant of a copied controller ready to run.
type PreparedCopy struct {
	CopyVariant
	*Copy
	Binary string // its driver
	Source string // the copy's controller.go after the variant's fix
}

// PrepareCopies prepares each of CopyVariants by spec, in order: the copy
// (see CopyController), its check and its driver.
func (h *Harness) PrepareCopies(ctx context.Context, spec CopySpec) ([]*PreparedCopy, error) {
	var all []*PreparedCopy
	for _, v := range CopyVariants {
		slug := strings.NewReplacer(" ", "-", "-fix", "fix").Replace(v.Name)
		dir := filepath.Join(h.Work, slug)
		c, err := h.CopyController(ctx, filepath.Join(h.Root, "bench", "conflict", spec.Package), dir, spec.Module, spec.Main, v.Fix)
		if err != nil {
			return nil, err
		}
		p := &PreparedCopy{CopyVariant: v, Copy: c, Binary: filepath.Join(dir, spec.Binary)}
		source, err := os.ReadFile(filepath.Join(dir, "controller", "controller.go"))
		if err != nil {
			return nil, err
		}
		p.Source = string(source)
		if err := spec.Check(v, c.Findings, p.Source); err != nil {
			return nil, err
		}
		if _, err := h.Command(ctx, dir, c.Env, "go", "build", "-o", p.Binary, "."); err != nil {
			return nil, fmt.Errorf("building the %s driver: %w", v.Name, err)
		}
		h.logf("%s: statuslint findings on the copy: %q", v.Name, c.Findings)
		all = append(all, p)
	}
	return all, nil
}

// Measure is how a measurement runs one prepared variant of its copied
// controller and what it returns.
type Measure[R any] func(ctx context.Context, h *Harness, p *PreparedCopy) (R, error)

// RunCopy runs a prepared variant's driver with args after its name and
// the servers' directory, and decodes its result.
func RunCopy[R any](ctx context.Context, h *Harness, p *PreparedCopy, args []string) (*R, error) {
	var res R
	if err := h.RunDriver(ctx, p.Name, p.Binary, append([]string{"-variant", p.Name, "-assets", h.Assets}, args...), &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// MeasureCopies prepares the variants by spec (see PrepareCopies), runs
// every one of them with measure, rounds times, and returns the results by
// round, calling each (when not nil) after every round.
func MeasureCopies[R any](ctx context.Context, h *Harness, spec CopySpec, rounds int, measure Measure[R], each func(round int, results []R)) ([]*PreparedCopy, [][]R, error) {
	prepared, err := h.PrepareCopies(ctx, spec)
	if err != nil {
		return nil, nil, err
	}
	var all [][]R
	for r := 1; r <= rounds; r++ {
		var results []R
		for _, p := range prepared {
			res, err := measure(ctx, h, p)
			if err != nil {
				return prepared, all, err
			}
			results = append(results, res)
		}
		if each != nil {
			each(r, results)
		}
		all = append(all, results)
	}
	return prepared, all, nil
}

// Command is the main of a measurement's command, run from bench/conflict:
// it reads the flags -size (a key of sizes), -runs and -json, finds the
// servers, builds statuslint, runs MeasureCopies at that size and hands
// report the size's name and the results; with -json it also writes every
// result there. On an error it exits non-zero.
func Command[C, R any](name string, spec CopySpec, sizes map[string]C, measure func(cfg C) Measure[R],
	report func(size string, prepared []*PreparedCopy, rounds [][]R) error) {
	size := flag.String("size", "large", "the size: "+strings.Join(slices.Sorted(maps.Keys(sizes)), " or "))
	runs := flag.Int("runs", 1, "rounds of the variants")
	jsonOut := flag.String("json", "", "also write every result to this file as JSON")
	flag.Parse()
	err := func() error {
		cfg, ok := sizes[*size]
		if !ok {
			return fmt.Errorf("unknown size %q", *size)
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		h, done, err := ForCommand(ctx)
		if err != nil {
			return err
		}
		defer done()
		prepared, rounds, err := MeasureCopies(ctx, h, spec, *runs, measure(cfg), func(r int, results []R) { h.logf("round %d of %d done", r, *runs) })
		if err != nil {
			return err
		}
		if err := report(*size, prepared, rounds); err != nil {
			return err
		}
		if *jsonOut == "" {
			return nil
		}
		data, err := json.MarshalIndent(rounds, "", "  ")
		if err != nil {
			return err
		}
		return os.WriteFile(*jsonOut, data, 0o644)
	}()
	if err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
}

// MarkdownCommand is Command for a measurement whose report is Markdown:
// it adds the flag -o, the file to write it to (stdout by default), and
// hands report the time taken since the start as well.
func MarkdownCommand[C, R any](name string, spec CopySpec, sizes map[string]C, measure func(cfg C) Measure[R],
	report func(size string, prepared []*PreparedCopy, rounds [][]R, took time.Duration) string) {
	out := flag.String("o", "", "write the Markdown here (default: stdout)")
	start := time.Now()
	Command(name, spec, sizes, measure, func(size string, prepared []*PreparedCopy, rounds [][]R) error {
		md := report(size, prepared, rounds, time.Since(start))
		if *out == "" {
			_, err := fmt.Print(md)
			return err
		}
		return os.WriteFile(*out, []byte(md), 0o644)
	})
}

// ForCommand is the harness for the command of a measurement of this
// module, run from bench/conflict: it finds the servers (see Servers),
// builds statuslint into a scratch directory and sends progress to
// stderr. Call done to remove the scratch directory.
func ForCommand(ctx context.Context) (h *Harness, done func(), err error) {
	// From bench/conflict, the repository is two folders up.
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return nil, nil, err
	}
	work, err := os.MkdirTemp("", "conflictbench")
	if err != nil {
		return nil, nil, err
	}
	done = func() { _ = os.RemoveAll(work) }
	h = &Harness{Root: root, Work: work, Log: os.Stderr}
	if h.Assets, err = h.Servers(ctx); err == nil {
		err = h.BuildStatuslint(ctx)
	}
	if err != nil {
		done()
		return nil, nil, err
	}
	return h, done, nil
}
