// Package external runs a real operator, one that is not the project's
// example, under the conflict harness: from a checkout of the operator's
// module, each variant (as shipped, after statuslint -fix, the upstream
// fix, a quiet requeue on conflict) is copied, built from its own main with
// its own go.mod, and started as processes of their own against a real
// kube-apiserver and etcd (envtest) that hold the operator's CRDs. A
// kubelet-like component binds and starts the Pods the operator creates,
// and a load shaped like kubernetes-sigs/agent-sandbox's rapid-burst test
// (a warm pool, then claims in bursts) drives it.
//
// The operator's binary is run unchanged, with the flags its README gives:
// a main generated into a module that also required this harness would
// move the operator's controller-runtime and Kubernetes libraries to this
// module's versions (minimal version selection), so the code measured
// would not be the code shipped. Its requests are counted by a proxy it
// talks to (countingProxy), its reconciles read from its metrics endpoint.
package external

import (
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// Operator is an operator that the runner builds from its module's own
// main and drives with the claim load.
type Operator struct {
	Name  string
	Main  string   // its main package, relative to its module's root
	CRDs  string   // its CRD directory, relative to its module's root
	Flags []string // its settings; the runner adds the metrics, probe and leader election flags
	Kinds ClaimKinds

	// Requeue keeps Update for the claim's status and, on a conflict,
	// requeues quietly instead of returning the error: the alternative to
	// a merge patch proposed in the review of the status-patch change of
	// pulumi-kubernetes-operator (PR #679). Applied by hand, as edits.
	Requeue []harness.Edit
}

// ClaimKinds are the kinds the claim load creates and watches: a template
// of Sandboxes, a warm pool of them, and claims that take one each.
type ClaimKinds struct {
	Extensions    schema.GroupVersion // SandboxTemplate, SandboxWarmPool, SandboxClaim
	Sandboxes     schema.GroupVersion // Sandbox
	WarmPoolLabel string              // the label of a warm pool's unclaimed Sandboxes
}

func (k ClaimKinds) claims() schema.GroupVersionResource {
	return k.Extensions.WithResource("sandboxclaims")
}
func (k ClaimKinds) templates() schema.GroupVersionResource {
	return k.Extensions.WithResource("sandboxtemplates")
}
func (k ClaimKinds) warmPools() schema.GroupVersionResource {
	return k.Extensions.WithResource("sandboxwarmpools")
}
func (k ClaimKinds) sandboxes() schema.GroupVersionResource {
	return k.Sandboxes.WithResource("sandboxes")
}

// PRFlags are the controller settings of agent-sandbox PR #508's
// measurement.
var PRFlags = []string{
	"--kube-api-qps=1000", "--kube-api-burst=2000",
	"--sandbox-concurrent-workers=400", "--sandbox-claim-concurrent-workers=400",
	"--sandbox-warm-pool-concurrent-workers=1",
}

// AgentSandbox is kubernetes-sigs/agent-sandbox, its extensions (claims,
// templates, warm pools) on.
var AgentSandbox = Operator{
	Name:  "agent-sandbox",
	Main:  "./cmd/agent-sandbox-controller",
	CRDs:  "k8s/crds",
	Flags: append([]string{"--extensions"}, PRFlags...),
	Kinds: ClaimKinds{
		Extensions:    schema.GroupVersion{Group: "extensions.agents.x-k8s.io", Version: "v1alpha1"},
		Sandboxes:     schema.GroupVersion{Group: "agents.x-k8s.io", Version: "v1alpha1"},
		WarmPoolLabel: "agents.x-k8s.io/warm-pool-sandbox",
	},
	Requeue: []harness.Edit{
		{File: "extensions/controllers/sandboxclaim_controller.go",
			Old: "\tif err := r.Status().Update(ctx, claim); err != nil {\n\t\tlogger.Error(err, \"Failed to update sandboxclaim status\")",
			New: "\tif err := r.Status().Update(ctx, claim); err != nil {\n\t\tif k8errors.IsConflict(err) {\n\t\t\treturn err\n\t\t}\n\t\tlogger.Error(err, \"Failed to update sandboxclaim status\")"},
		{File: "extensions/controllers/sandboxclaim_controller.go",
			Old: "\tif updateErr := r.updateStatus(ctx, originalClaimStatus, claim); updateErr != nil {\n\t\terrs := errors.Join(reconcileErr, updateErr)",
			New: "\tif updateErr := r.updateStatus(ctx, originalClaimStatus, claim); updateErr != nil {\n\t\tif k8errors.IsConflict(updateErr) && reconcileErr == nil {\n\t\t\treturn ctrl.Result{Requeue: true}, nil\n\t\t}\n\t\terrs := errors.Join(reconcileErr, updateErr)"},
	},
}

// ClaimOp is the project's own operator shaped like agent-sandbox
// (claimop/), which the test suite runs since it cannot fetch the real one.
var ClaimOp = Operator{
	Name:  "claimop",
	Main:  "./cmd/claimop",
	CRDs:  "config/crds",
	Flags: append([]string{"--extensions"}, PRFlags...),
	Kinds: ClaimKinds{
		Extensions:    schema.GroupVersion{Group: "extensions.bench.statuslint.dev", Version: "v1alpha1"},
		Sandboxes:     schema.GroupVersion{Group: "agents.bench.statuslint.dev", Version: "v1alpha1"},
		WarmPoolLabel: "agents.bench.statuslint.dev/warm-pool-sandbox",
	},
}
