package fieldmanager_test

import (
	"strings"
	"testing"

	"github.com/statuslint/statuslint/passes/fieldmanager"
)

// TestConfigValidate checks a configuration built in code or decoded from
// golangci-lint's settings: each bad setting is named, with its value.
func TestConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  fieldmanager.Config
		want string // the error's start, "" for valid
	}{
		{"zero", fieldmanager.Config{}, ""},
		{"valid", fieldmanager.Config{
			Name:    "my-operator",
			Owned:   []string{"example.com/op/internal/app.Reconciler.Client", "(*example.com/op/internal/app.Syncer).Client"},
			Unowned: []string{"example.com/op/internal/legacy.Client"},
			Tests:   true,
		}, ""},
		{"name too long", fieldmanager.Config{Name: strings.Repeat("a", 129)}, `name: invalid value "aaaa`},
		{"name with a newline", fieldmanager.Config{Name: "my\nop"}, `name: invalid value "my\nop": non-printable character U+000A at byte 2`},
		{"name with a blank", fieldmanager.Config{Name: "my-op "}, `name: invalid value "my-op ": leading or trailing blank`},
		{"owned item", fieldmanager.Config{Owned: []string{"example.com/op.R.Client", "R.Client."}}, `owned: item 2 "R.Client.": empty name between dots`},
		{"unowned item", fieldmanager.Config{Unowned: []string{""}}, `unowned: item 1 "": empty`},
	} {
		err := tc.cfg.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%s: Validate() = %v, want an error starting %q", tc.name, err, tc.want)
		}
	}
}

// TestFlagsCheck covers the flags, as the command, go vet and nogo's
// analyzer_flags set them: a bad value is rejected and leaves the setting
// as it was.
func TestFlagsCheck(t *testing.T) {
	cfg := &fieldmanager.Config{Name: "op", Owned: []string{"example.com/op.R.Client"}}
	a := fieldmanager.New(cfg)
	for _, tc := range []struct{ flag, value, want string }{
		{"name", "", "empty: a field manager is 1 to 128 bytes"},
		{"name", strings.Repeat("x", 200), "200 bytes long"},
		{"name", "a\x7fb", "non-printable character U+007F at byte 1"},
		{"owned", "", "empty: give one or more struct fields or types"},
		{"owned", "example.com/op.R.Client,,example.com/op.S", "item 2 is empty"},
		{"unowned", "example.com/op", `item 1 "example.com/op": no package path before the name`},
	} {
		err := a.Flags.Set(tc.flag, tc.value)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("-%s=%q: %v, want an error containing %q", tc.flag, tc.value, err, tc.want)
		}
	}
	if cfg.Name != "op" || len(cfg.Owned) != 1 || len(cfg.Unowned) != 0 {
		t.Errorf("a rejected flag changed the configuration: %+v", cfg)
	}
	if err := a.Flags.Set("owned", "example.com/op.R.Client, example.com/op.(*S)"); err != nil || len(cfg.Owned) != 2 {
		t.Errorf("-owned: %v, %q", err, cfg.Owned)
	}
	// The package-level Analyzer, which nogo configures, checks the same.
	if err := fieldmanager.Analyzer.Flags.Set("name", ""); err == nil {
		t.Error("fieldmanager.Analyzer's -name accepts an empty value")
	}
}
