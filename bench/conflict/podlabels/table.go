package podlabels

import (
	"fmt"
	"strings"
)

// Table is the Markdown table of results, one row per variant.
func Table(results []*Result) string {
	var b strings.Builder
	b.WriteString("| variant | label writes (PUT / PATCH) | 409 on label writes: apiserver (PUT / PATCH) | 409: client | reconciles (errors) | status writes (kubelet-like) | annotation changes | labels set at the end | all set after the load |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, r := range results {
		converge := "not within " + r.Config.Converge.String()
		if r.ConvergeSeconds >= 0 {
			converge = fmt.Sprintf("%.1f s", r.ConvergeSeconds)
		}
		fmt.Fprintf(&b, "| %s | %d / %d | %d (%d / %d) | %d | %d (%d) | %d | %d | %d of %d | %s |\n",
			r.Variant, r.ClientPodWrites["PUT"], r.ClientPodWrites["PATCH"],
			r.Label409(), r.APIServer409["PUT"], r.APIServer409["PATCH"], r.ClientLabel409(),
			r.Reconciles, r.ReconcileErrors, r.StatusWrites, r.AnnotationWrites,
			r.Labelled, r.PodsTotal, converge)
	}
	return b.String()
}
