package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	for _, tc := range []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"go install at a release", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.3.0"}}, "v0.3.0"},
		{"go install at a commit", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.3.1-0.20261201120000-9ccaf68e1b2c"}}, "v0.3.1-0.20261201120000-9ccaf68e1b2c"},
		{"go tool from a module that requires a release", debug.BuildInfo{
			Main: debug.Module{Path: "example.com/operator", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "golang.org/x/tools", Version: "v0.47.0"}, {Path: modulePath, Version: "v0.3.0"}},
		}, "v0.3.0"},
		{"go tool with statuslint replaced by a checkout", debug.BuildInfo{
			Main: debug.Module{Path: "example.com/operator", Version: "(devel)"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.0.0-00010101000000-000000000000", Replace: &debug.Module{Path: "../"}}},
		}, "devel"},
		{"a checkout with changes", debug.BuildInfo{
			Main:     debug.Module{Path: modulePath, Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "9ccaf68e1b2c3d4e5f60718293a4b5c6d7e8f901"}, {Key: "vcs.modified", Value: "true"}},
		}, "devel 9ccaf68e1b2c+modified"},
		{"a checkout without VCS stamping", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}}, "devel"},
	} {
		if got := fromBuildInfo(&tc.bi); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
