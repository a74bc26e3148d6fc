// Package plugin registers statuslint as a golangci-lint v2 module plugin.
//
// Importing the package registers the linter "statuslint" with
// github.com/golangci/plugin-module-register. A golangci-lint binary built
// with it (by "golangci-lint custom" or by the offline wrapper in
// tools/golangci-lint) runs statuslint's passes when the configuration
// enables it:
//
//	version: "2"
//	linters:
//	  default: none
//	  enable:
//	    - statuslint
//	  settings:
//	    custom:
//	      statuslint:
//	        type: module
//	        description: controller-runtime status and field-manager checks
//	        settings:
//	          disable: [conditions]
//	          fieldmanager:
//	            name: my-operator
//	          statusupdate:
//	            roots: 'example\.com/op/framework\.\(\*Loop\)\.Run'
//
// The settings decode into analyzer.Config, whose json tags name them.
// golangci-lint lower-cases every key it reads, so keys match the tags
// case-insensitively. Decoding is strict: an unknown key, a value of the
// wrong type, an empty string, or a value the setting does not allow (an
// invalid regular expression, a field manager the API server would
// reject, a malformed pkg/path.Type.Field item) fails the run with an
// error that names the setting and says what it allows, instead of being
// ignored. Lists take a YAML list or a comma-separated string.
//
// See docs/golangci-lint.md for building the binary and a complete
// configuration.
package plugin

import (
	"encoding"
	"flag"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/flagvalue"
)

// Name is the linter's name in golangci-lint's configuration.
const Name = "statuslint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is statuslint as a golangci-lint linter.
type Plugin struct {
	cfg analyzer.Config
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes settings, the value of linters.settings.custom.statuslint.settings,
// into an analyzer.Config and validates it.
func New(settings any) (register.LinterPlugin, error) {
	p := &Plugin{}
	if err := Decode(settings, &p.cfg); err != nil {
		return nil, fmt.Errorf("%s: settings: %w", Name, err)
	}
	if err := p.cfg.Validate(); err != nil {
		return nil, fmt.Errorf("%s: settings: %w", Name, err)
	}
	return p, nil
}

// BuildAnalyzers returns the enabled passes, bound to the decoded settings.
// The passes fold their related information into their messages
// (related.go).
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	analyzers, err := analyzer.New(&p.cfg)
	if err != nil {
		return nil, err
	}
	return foldingRelated(analyzers), nil
}

// GetLoadMode reports that the passes need type information.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// Decode is hand-written rather than register.DecodeSettings, which
// round-trips the settings through encoding/json with unknown fields
// disallowed. That is strict and case-insensitive too, but it was weighed
// and kept out (TestDecodeSettingsTradeOff pins why, so that a new release
// of plugin-module-register is weighed again):
//   - an unknown key is reported as `json: unknown field "nmae"`, without
//     the section it is in or the valid keys, and a bad regular expression
//     without the key it is under;
//   - a key given twice in different case (name and Name) is not an error:
//     one value silently wins;
//   - a null value is accepted as unset instead of reported;
//   - lists do not take the comma-separated string the command line and
//     the documented settings take.
//
// Decode decodes settings into cfg strictly. settings is what golangci-lint
// hands a plugin: nil, or a map with string keys whose values are maps,
// lists, strings, booleans and numbers. Keys match cfg's json tags
// case-insensitively. The error names the key path of the first problem,
// in key order.
func Decode(settings any, cfg *analyzer.Config) error {
	if settings == nil {
		return nil
	}
	return decode(reflect.ValueOf(settings), reflect.ValueOf(cfg).Elem(), "")
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	flagValue       = reflect.TypeFor[flag.Value]()
)

// decode stores src into dst, which is addressable; path names dst in errors.
func decode(src, dst reflect.Value, path string) error {
	for src.Kind() == reflect.Interface || src.Kind() == reflect.Pointer {
		if src.IsNil() {
			return problem(path, "no value (expected %s)", describe(dst.Type()))
		}
		src = src.Elem()
	}
	if !src.IsValid() {
		return problem(path, "no value (expected %s)", describe(dst.Type()))
	}

	// Types that parse themselves (regular expressions) take a string.
	if dst.Kind() != reflect.Slice && reflect.PointerTo(dst.Type()).Implements(textUnmarshaler) {
		s, err := str(src, dst.Type(), path)
		if err != nil {
			return err
		}
		if err := dst.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			return problem(path, "%v", err)
		}
		return nil
	}

	switch dst.Kind() {
	case reflect.Struct:
		return decodeStruct(src, dst, path)

	case reflect.String:
		s, err := str(src, dst.Type(), path)
		if err != nil {
			return err
		}
		if s == "" {
			// As on the command line (internal/flagvalue): an empty
			// value is not the default, which leaving the setting out
			// gives, but most often a variable that expanded to nothing.
			return problem(path, "empty string (leave the setting out for its default)")
		}
		dst.SetString(s)
		return nil

	case reflect.Bool:
		if src.Kind() != reflect.Bool {
			return mismatch(src, dst.Type(), path)
		}
		dst.SetBool(src.Bool())
		return nil

	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := integer(src)
		if !ok || dst.OverflowInt(n) {
			return mismatch(src, dst.Type(), path)
		}
		dst.SetInt(n)
		return nil

	case reflect.Slice:
		if dst.Type().Elem().Kind() != reflect.String {
			break
		}
		var items []string
		switch src.Kind() {
		case reflect.String:
			// A comma-separated string, as on the command line.
			if reflect.PointerTo(dst.Type()).Implements(flagValue) {
				if err := dst.Addr().Interface().(flag.Value).Set(src.String()); err != nil {
					return problem(path, "%v", err)
				}
				return nil
			}
			var err error
			if items, err = flagvalue.Split(src.String(), "items"); err != nil {
				return problem(path, "%v", err)
			}
		case reflect.Slice, reflect.Array:
			for i := range src.Len() {
				var s string
				if err := decode(src.Index(i), reflect.ValueOf(&s).Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
				items = append(items, s)
			}
		default:
			return mismatch(src, dst.Type(), path)
		}
		out := reflect.MakeSlice(dst.Type(), len(items), len(items))
		for i, s := range items {
			out.Index(i).SetString(s)
		}
		dst.Set(out)
		return nil
	}
	// A field type this decoder does not know: a bug in statuslint, which
	// the plugin's tests catch.
	return problem(path, "cannot decode into %s", dst.Type())
}

// decodeStruct matches the keys of the map src against the json tags of
// the struct dst.
func decodeStruct(src, dst reflect.Value, path string) error {
	if src.Kind() != reflect.Map {
		return mismatch(src, dst.Type(), path)
	}
	fields := map[string]int{} // lower-cased tag -> field index
	var valid []string
	for i := range dst.NumField() {
		if tag := jsonName(dst.Type().Field(i)); tag != "" {
			fields[strings.ToLower(tag)] = i
			valid = append(valid, tag)
		}
	}

	type entry struct {
		key string
		val reflect.Value
	}
	var entries []entry
	for it := src.MapRange(); it.Next(); {
		k := it.Key()
		if k.Kind() == reflect.Interface && !k.IsNil() {
			k = k.Elem()
		}
		if k.Kind() != reflect.String {
			return problem(path, "setting name %v is not a string", k)
		}
		entries = append(entries, entry{k.String(), it.Value()})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].key < entries[j].key })

	seen := map[int]string{}
	for _, e := range entries {
		keyPath := join(path, e.key)
		i, ok := fields[strings.ToLower(e.key)]
		if !ok {
			return problem(keyPath, "unknown setting (valid: %s)", strings.Join(valid, ", "))
		}
		if prev, dup := seen[i]; dup {
			return problem(keyPath, "set twice (also as %q)", prev)
		}
		seen[i] = e.key
		if err := decode(e.val, dst.Field(i), keyPath); err != nil {
			return err
		}
	}
	return nil
}

// jsonName is the name a field's json tag gives it, or "" for fields the
// settings do not reach.
func jsonName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if tag == "-" || tag == "" {
		return ""
	}
	return tag
}

func str(src reflect.Value, want reflect.Type, path string) (string, error) {
	if src.Kind() != reflect.String {
		return "", mismatch(src, want, path)
	}
	return src.String(), nil
}

// integer converts whole numbers, whether YAML made them ints or JSON made
// them floats.
func integer(src reflect.Value) (int64, bool) {
	switch src.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return src.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if src.Uint() > math.MaxInt64 {
			return 0, false
		}
		return int64(src.Uint()), true
	case reflect.Float32, reflect.Float64:
		f := src.Float()
		if f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 {
			return 0, false
		}
		return int64(f), true
	}
	return 0, false
}

func mismatch(src reflect.Value, want reflect.Type, path string) error {
	var got string
	switch src.Kind() {
	case reflect.Map, reflect.Struct:
		got = "a mapping"
	case reflect.Slice, reflect.Array:
		got = "a list"
	case reflect.String:
		got = fmt.Sprintf("string %q", src.String())
	default:
		got = fmt.Sprintf("%s %v", src.Kind(), src)
	}
	return problem(path, "expected %s, got %s", describe(want), got)
}

// describe names what a setting of type t takes, for error messages.
func describe(t reflect.Type) string {
	if t.Kind() != reflect.Slice && reflect.PointerTo(t).Implements(textUnmarshaler) {
		return "a string"
	}
	switch t.Kind() {
	case reflect.Struct:
		return "a mapping of settings"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Slice:
		return "a list of strings or a comma-separated string"
	}
	return t.String()
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func problem(path, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if path == "" {
		return fmt.Errorf("%s", msg)
	}
	return fmt.Errorf("%s: %s", path, msg)
}
