package reach

import (
	"fmt"
	"regexp"
)

// Pattern is a regular expression over qualified function names, such as
// "example.com/op/internal/framework.(*Loop).Run". It is a flag.Value and an
// encoding.TextUnmarshaler, so a bad expression is rejected when the flag or
// setting is read, not when the first package is analyzed.
type Pattern struct {
	re *regexp.Regexp
}

func (p *Pattern) String() string {
	if p == nil || p.re == nil {
		return ""
	}
	return p.re.String()
}

// Set compiles s; the empty string matches nothing.
func (p *Pattern) Set(s string) error {
	if s == "" {
		p.re = nil
		return nil
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return fmt.Errorf("invalid regular expression %q: %v", s, err)
	}
	p.re = re
	return nil
}

func (p *Pattern) UnmarshalText(b []byte) error { return p.Set(string(b)) }
func (p Pattern) MarshalText() ([]byte, error)  { return []byte(p.String()), nil }

// Match reports whether name matches; a nil or empty pattern matches nothing.
func (p *Pattern) Match(name string) bool {
	return p != nil && p.re != nil && p.re.MatchString(name)
}
