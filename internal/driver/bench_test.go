package driver

import (
	"fmt"
	"testing"

	"github.com/statuslint/statuslint/internal/testmodule"
)

// BenchmarkLoad times Load on the stub module with the skip (dependencies
// that cannot carry a fact read from export data) and without it
// (everything type-checked from source, as x/tools' checker does). Both
// include go list, whose export data is cached after the first iteration.
func BenchmarkLoad(b *testing.B) {
	dir := testmodule.StubModule(b)
	for _, all := range []bool{false, true} {
		b.Run(fmt.Sprintf("allsource=%v", all), func(b *testing.B) {
			var loaded *Loaded
			b.ReportAllocs()
			for b.Loop() {
				var err error
				loaded, err = Load(LoadConfig{Dir: dir, Tests: true, AllSource: all}, "./...")
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(loaded.Source), "source-pkgs")
			b.ReportMetric(float64(loaded.Total), "pkgs")
		})
	}
}
