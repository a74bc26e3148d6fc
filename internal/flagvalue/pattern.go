package flagvalue

import (
	"fmt"
	"regexp"
)

// PatternRule says what a Pattern setting takes, for messages and usage
// text.
const PatternRule = `a regular expression (Go syntax) over go/types full names of functions, e.g. \(\*example\.com/op/framework\.Loop\)\.Run$`

// Pattern is a regular expression over go/types full names of functions,
// such as (*example.com/op/framework.Loop).Run: the roots settings. It is a
// flag.Value and an encoding.TextUnmarshaler, so a bad expression is
// rejected when the flag or setting is read, not when the first package is
// analyzed; a Pattern is set only that way, so one is valid by
// construction. The zero Pattern (the setting left out) matches nothing.
type Pattern struct {
	re *regexp.Regexp
}

func (p *Pattern) String() string {
	if p == nil || p.re == nil {
		return ""
	}
	return p.re.String()
}

// Set compiles s. The empty string is an error: as a regular expression it
// would match every function, and as a setting it is most often a variable
// that expanded to nothing.
func (p *Pattern) Set(s string) error {
	if s == "" {
		return fmt.Errorf("empty regular expression: give %s, or leave the setting out", PatternRule)
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return fmt.Errorf("invalid regular expression %q: %v (want %s)", s, err, PatternRule)
	}
	p.re = re
	return nil
}

func (p *Pattern) UnmarshalText(b []byte) error { return p.Set(string(b)) }
func (p Pattern) MarshalText() ([]byte, error)  { return []byte(p.String()), nil }

// Match reports whether name matches; a nil or zero pattern matches nothing.
func (p *Pattern) Match(name string) bool {
	return p != nil && p.re != nil && p.re.MatchString(name)
}
