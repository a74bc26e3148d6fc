package integration

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/internal/testmodule"
)

// TestSettingsBadFlagUnderGoVet runs go vet with a bad flag value on the
// example: each package it runs statuslint on says so in exactly one line
// (the flag, its value and what it allows) under go vet's "# pkg" header,
// without the list of every flag, and go vet fails. (Before, each printed
// the error and then every flag: 2,547 lines on the example.)
func TestSettingsBadFlagUnderGoVet(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	for _, tc := range []struct{ flag, want string }{
		{"-statusupdate.roots=(", `statuslint: invalid value "(" for flag -statusupdate.roots: invalid regular expression "(": `},
		{"-fieldmanager.name=" + strings.Repeat("a", 200), `" for flag -fieldmanager.name: 200 bytes long: the API server rejects a field manager over 128 bytes`},
	} {
		r := run(t, dir, nil, "go", "vet", "-vettool="+statuslintBinary(t), tc.flag, "./...")
		if r.ExitCode == 0 {
			t.Errorf("go vet %s: exit 0", tc.flag)
		}
		// A package's header is a "# pkg" line, and for a command a
		// "# [pkg]" after it; the tool's output follows.
		var counts []int
		header, bad := false, 0
		for _, l := range strings.Split(strings.TrimSuffix(r.Stderr, "\n"), "\n") {
			if strings.HasPrefix(l, "# ") {
				if !header {
					counts = append(counts, 0)
				}
				header = true
				continue
			}
			header = false
			if len(counts) == 0 {
				t.Fatalf("go vet %s: output before any package:\n%s", tc.flag, r.Stderr)
			}
			counts[len(counts)-1]++
			if !strings.HasPrefix(l, "statuslint: invalid value ") || !strings.Contains(l, tc.want) {
				if bad++; bad == 1 {
					t.Errorf("go vet %s: line %q, want one containing %q", tc.flag, l, tc.want)
				}
			}
		}
		lines := 0
		for _, n := range counts {
			lines += n
			if n != 1 && bad == 0 {
				t.Errorf("go vet %s: a package printed %d lines, want 1:\n%s", tc.flag, n, r.Stderr)
				bad++
			}
		}
		if len(counts) < 10 {
			t.Errorf("go vet %s: %d packages reported, want every package statuslint analyses:\n%s", tc.flag, len(counts), r.Stderr)
		}
		t.Logf("go vet %.30s: exit %d, %d lines of statuslint's for %d packages", tc.flag, r.ExitCode, lines, len(counts))
	}
}

// TestSettingsStandaloneBadFlag runs the command with a bad flag value: it
// exits 2, as on any bad command line, having printed one line, before
// loading anything.
func TestSettingsStandaloneBadFlag(t *testing.T) {
	dir := testmodule.ExampleCopy(t)
	for _, tc := range []struct{ flag, want string }{
		{"-fieldmanager.name=" + strings.Repeat("a", 200), " for flag -fieldmanager.name: 200 bytes long: the API server rejects a field manager over 128 bytes (want 1 to 128 bytes of printable UTF-8, no leading or trailing blank)"},
		{"-fieldmanager.name=my\nop", `statuslint: invalid value "my\nop" for flag -fieldmanager.name: non-printable character U+000A at byte 2`},
		{"-fieldmanager.name=", `statuslint: invalid value "" for flag -fieldmanager.name: empty: a field manager is 1 to 128 bytes`},
		{"-statuslintreach.roots=", `statuslint: invalid value "" for flag -statuslintreach.roots: empty regular expression: give a regular expression`},
		{"-fieldmanager.unowned=controller", `statuslint: invalid value "controller" for flag -fieldmanager.unowned: item 1 "controller": no package path before the name`},
	} {
		r := run(t, dir, nil, statuslintBinary(t), tc.flag, "./...")
		if r.ExitCode != 2 {
			t.Errorf("statuslint %q: exit %d, want 2", tc.flag, r.ExitCode)
		}
		if r.Stdout != "" {
			t.Errorf("statuslint %q: printed on stdout:\n%s", tc.flag, r.Stdout)
		}
		if lines := strings.Split(strings.TrimSuffix(r.Stderr, "\n"), "\n"); len(lines) != 1 || !strings.Contains(lines[0], tc.want) {
			t.Errorf("statuslint %q: printed\n%s\nwant one line containing %q", tc.flag, r.Stderr, tc.want)
		}
	}
	// The driver's own flags are checked after it.
	r := run(t, dir, nil, statuslintBinary(t), "-format", "sarif", "-fieldmanager.name=", "./...")
	if r.ExitCode != 2 || strings.Count(r.Stderr, "\n") != 1 || !strings.HasPrefix(r.Stderr, `statuslint: invalid value "" for flag -fieldmanager.name: empty`) {
		t.Errorf("statuslint -format sarif -fieldmanager.name=: exit %d\n%s", r.ExitCode, r.Stderr)
	}
	// A flag the command does not know exits with the same code.
	if r := run(t, dir, nil, statuslintBinary(t), "-nosuch", "./..."); r.ExitCode != 2 {
		t.Errorf("statuslint -nosuch: exit %d, want 2\n%s", r.ExitCode, r.Stderr)
	}
}

// TestSettingsVetProtocolFlags checks that the command's check of the
// flags (cmd/statuslint/flags.go), which runs before multichecker parses
// them, knows every flag multichecker defines: each flag that -flags lists
// for go vet, and those it leaves out, passes on one command line that
// ends with -V=full, which multichecker answers once it has parsed the
// others.
func TestSettingsVetProtocolFlags(t *testing.T) {
	bin := statuslintBinary(t)
	dir := t.TempDir()
	r := run(t, dir, nil, bin, "-flags")
	if r.ExitCode != 0 {
		t.Fatalf("-flags: exit %d\n%s", r.ExitCode, r.Stderr)
	}
	var flags []struct {
		Name string
		Bool bool
	}
	if err := json.Unmarshal([]byte(r.Stdout), &flags); err != nil {
		t.Fatalf("-flags printed no JSON list of flags: %v\n%s", err, r.Stdout)
	}
	// Valid values of the flags that are not booleans.
	values := map[string]string{
		"c":                     "2",
		"tags":                  "x",
		"statusupdate.roots":    `\.Run$`,
		"statuslintreach.roots": `\.Run$`,
		"fieldmanager.name":     "my-operator",
		"fieldmanager.owned":    "example.com/op.R.Client",
		"fieldmanager.unowned":  "example.com/op.(*S)",
	}
	var args, names []string
	for _, f := range flags {
		names = append(names, f.Name)
		switch v, ok := values[f.Name]; {
		case f.Name == "V":
		case f.Bool:
			args = append(args, "-"+f.Name+"=false")
		case ok:
			args = append(args, "-"+f.Name+"="+v)
		default:
			t.Errorf("-flags lists -%s, which takes a value: add a valid one to this test", f.Name)
		}
	}
	sort.Strings(names)
	for _, want := range []string{"V", "flags", "json", "c", "diff", "statusupdate", "statusupdate.roots", "fieldmanager.name", "statuslintreach.roots", "directives"} {
		if _, found := sort.Find(len(names), func(i int) int { return strings.Compare(want, names[i]) }); !found {
			t.Errorf("-flags does not list -%s", want)
		}
	}
	// -flags leaves out the flags that mean nothing to go vet.
	args = append(args, "-fix", "-debug=", "-cpuprofile=", "-memprofile=", "-trace=", "-V=full")
	r = run(t, dir, nil, bin, args...)
	if r.ExitCode != 0 || !strings.Contains(r.Stdout, " version ") {
		t.Errorf("statuslint %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.ExitCode, r.Stdout, r.Stderr)
	}
	// go vet's own question, alone, is answered too.
	if r := run(t, dir, nil, bin, "-V=full"); r.ExitCode != 0 || !strings.Contains(r.Stdout, " version ") {
		t.Errorf("-V=full: exit %d\n%s%s", r.ExitCode, r.Stdout, r.Stderr)
	}
	// A flag it does not define is one line under the vet protocol too.
	r = run(t, dir, nil, bin, "-nosuch", "vet.cfg")
	if r.ExitCode == 0 || strings.TrimSuffix(r.Stderr, "\n") != "statuslint: flag provided but not defined: -nosuch" {
		t.Errorf("-nosuch: exit %d\n%s", r.ExitCode, r.Stderr)
	}
}
