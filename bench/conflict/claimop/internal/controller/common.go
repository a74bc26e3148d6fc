// Package controller holds the claim operator's reconcilers, shaped like
// kubernetes-sigs/agent-sandbox's: a warm pool of Sandboxes, claims that
// adopt them, and the Sandbox controller that owns each Sandbox's Pod.
package controller

import (
	"context"
	"maps"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/statuslint/statuslint/bench/conflict/claimop/api/v1alpha1"
)

const (
	// WarmPoolLabel marks an unclaimed Sandbox of a warm pool (value: the pool).
	WarmPoolLabel = "agents.bench.statuslint.dev/warm-pool-sandbox"
	// ClaimLabel marks a claimed Sandbox and its Pod (value: the claim).
	ClaimLabel = "agents.bench.statuslint.dev/claim"
	// SandboxLabel marks a Sandbox's Pod (value: the Sandbox).
	SandboxLabel = "agents.bench.statuslint.dev/sandbox"
)

// newSandbox makes a Sandbox from a template, with the template's pod
// template and the given labels; the caller names it and sets its owner.
func newSandbox(namespace string, tmpl *v1alpha1.SandboxTemplate, labels map[string]string) *v1alpha1.Sandbox {
	sb := &v1alpha1.Sandbox{}
	sb.Namespace = namespace
	sb.Labels = maps.Clone(labels)
	tmpl.Spec.PodTemplate.DeepCopyInto(&sb.Spec.PodTemplate)
	return sb
}

// waitForCache polls the cache until done holds for the object read into
// obj, so that the next reconcile, which reads the cache, sees this one's
// writes (a warm pool that did not see its own Creates would create again, a
// claim that did not see its adoption would adopt a second Sandbox).
func waitForCache(ctx context.Context, c client.Reader, key client.ObjectKey, obj client.Object, done func() bool) error {
	return wait.PollUntilContextTimeout(ctx, 5*time.Millisecond, 10*time.Second, true, func(ctx context.Context) (bool, error) {
		if err := c.Get(ctx, key, obj); err != nil {
			return false, client.IgnoreNotFound(err)
		}
		return done(), nil
	})
}
