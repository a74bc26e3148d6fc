// Command podlabelsbench runs the podlabels benchmark: the Pod labeller as
// written and after statuslint -fix, each on its own kube-apiserver and
// etcd, and prints the table. Run it from bench/conflict:
//
//	go run ./podlabels/cmd/podlabelsbench -size large -runs 3
package main

import (
	"fmt"
	"strings"

	"github.com/statuslint/statuslint/bench/conflict/harness"
	"github.com/statuslint/statuslint/bench/conflict/podlabels"
)

var sizes = map[string]podlabels.Config{"quick": podlabels.Quick, "large": podlabels.Large}

func main() {
	harness.Command("podlabelsbench", podlabels.Spec, sizes, podlabels.Measure,
		func(size string, _ []*harness.PreparedCopy, rounds [][]*podlabels.Result) error {
			cfg := sizes[size]
			for r, results := range rounds {
				fmt.Printf("round %d of %d, %s size (%s):\n\n%s\n", r+1, len(rounds), size, strings.Join(cfg.Args(), " "), podlabels.Table(results))
			}
			return nil
		})
}
