// Package version says which statuslint a binary is, from the build
// information the go command records in it: the module version for a
// binary built by `go install ...@v0.x.y` or run by `go tool` from a
// module that requires a release, and the VCS revision for one built in a
// checkout of this repository.
package version

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// modulePath is statuslint's module.
const modulePath = "github.com/statuslint/statuslint"

// String returns the version of the running binary: "v0.3.0" (a release,
// or a pseudo-version that names its commit), or "devel" followed by the
// VCS revision and "+modified" when the checkout had uncommitted changes
// ("devel 9ccaf68e1b2c+modified"), or plain "devel" when the build
// recorded neither.
func String() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return fromBuildInfo(bi)
}

func fromBuildInfo(bi *debug.BuildInfo) string {
	mod := &bi.Main
	if mod.Path != modulePath {
		// Built as a tool of another module (go tool, or a tools.go
		// pin): statuslint is one of the dependencies.
		mod = nil
		for _, dep := range bi.Deps {
			if dep.Path == modulePath {
				mod = dep
				break
			}
		}
	}
	if mod != nil && mod.Replace == nil && mod.Version != "" && mod.Version != "(devel)" {
		return mod.Version
	}
	v := "devel"
	var rev string
	var modified bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev
		if modified {
			v += "+modified"
		}
	}
	return v
}

// Print prints what -version prints: the program, its version and the Go
// release it was built with.
func Print(w io.Writer, progname string) {
	goVersion := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
	}
	fmt.Fprintf(w, "%s %s (built with %s)\n", progname, String(), goVersion)
}

// PrintVetID prints the answer to go vet's -V=full: "statuslint version
// <version> buildID=<hash of the binary>". go vet keys its cache of a
// vet tool's results by this line: for a "devel" version by the buildID
// alone, else by the whole line, which holds the buildID too, so the key
// changes whenever the binary does.
func PrintVetID(w io.Writer, progname string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s version %s buildID=%x\n", progname, String(), h.Sum(nil))
	return err
}
