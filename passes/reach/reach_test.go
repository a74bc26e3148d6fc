package reach

import "testing"

// TestEffective checks how the analyzer's own settings and an alias's
// (statusupdate's) combine: the roots of either match, tests if either.
func TestEffective(t *testing.T) {
	var cfg Config
	var aliasRoots Pattern
	aliasTests := false
	al := Alias{Roots: &aliasRoots, Tests: &aliasTests}

	p, tests := effective(&cfg, []Alias{al})
	if p.Match("example.com/op.(*R).Run") || tests {
		t.Fatalf("empty settings: roots %q, tests %v", p.String(), tests)
	}
	if err := cfg.Roots.Set(`\.Loop\)\.Run$`); err != nil {
		t.Fatal(err)
	}
	if err := aliasRoots.Set(`framework\.Start$`); err != nil {
		t.Fatal(err)
	}
	aliasTests = true
	p, tests = effective(&cfg, []Alias{al})
	for _, name := range []string{"(*example.com/op/framework.Loop).Run", "example.com/op/framework.Start"} {
		if !p.Match(name) {
			t.Errorf("%s does not match %q", name, p.String())
		}
	}
	if p.Match("example.com/op/framework.Stop") {
		t.Errorf("%q matches too much", p.String())
	}
	if !tests {
		t.Error("the alias's tests setting was lost")
	}
}

// TestFlags checks the analyzer's own flags, the names users configure.
func TestFlags(t *testing.T) {
	a := New(&Config{})
	for _, f := range []string{"roots", "tests"} {
		if a.Flags.Lookup(f) == nil {
			t.Errorf("no -%s.%s flag", a.Name, f)
		}
	}
	if a.Name != Name {
		t.Errorf("name %q, want %q", a.Name, Name)
	}
}
