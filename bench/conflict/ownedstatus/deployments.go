package ownedstatus

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	toolscache "k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/statuslint/statuslint/bench/conflict/driver"
)

// deploymentController stands in for kube-controller-manager's deployment
// controller, which envtest does not run: nothing else would ever write a
// Deployment's status. There are no ReplicaSets and no Pods; it writes each
// Deployment's status through the status subresource the way the real one
// does as the Pods of a rollout become ready:
//
//   - when it sees a new generation (the Deployment created, scaled or its
//     template changed): observedGeneration, replicas and updatedReplicas
//     at spec.replicas, Progressing True (ReplicaSetUpdated), Available
//     False while fewer than spec.replicas are ready;
//   - then, one write per Pod, readyReplicas and availableReplicas one more,
//     PodReady apart on average (half to one and a half times), the last
//     with Available True (MinimumReplicasAvailable) and Progressing True
//     (NewReplicaSetAvailable);
//   - once all are ready, every Flap on average, one Pod loses its
//     readiness (a restart, a failed probe: Available False) and gets it
//     back PodReady later (Available True): two writes per Flap and
//     Deployment, for as long as the run goes on. These are the periodic
//     status writes of the steady state.
//
// Each write is a JSON merge patch of the whole status, which always lands
// (the real controller sends an update and retries on a conflict). The
// generation, not the status, moves only when someone changes the spec.
type deploymentController struct {
	c     client.Client // writes
	cache cache.Cache   // reads: no API request per step
	cfg   Config

	mu   sync.Mutex
	deps map[string]*simulated

	writes, writeErrors atomic.Int64
	rolledOut           atomic.Int64 // Deployments whose first rollout is done
}

// simulated is one Deployment the controller follows.
type simulated struct {
	name string
	kick chan struct{} // a new generation was seen
}

// startDeploymentController starts the controller on its own cache of the
// namespace's Deployments, read with the admin's credentials.
func startDeploymentController(ctx context.Context, cp *driver.ControlPlane, cfg Config) (*deploymentController, error) {
	ca, err := cache.New(cp.Config, cache.Options{Scheme: cp.Scheme, DefaultNamespaces: map[string]cache.Config{Namespace: {}}})
	if err != nil {
		return nil, err
	}
	dc := &deploymentController{c: cp.Admin, cache: ca, cfg: cfg, deps: map[string]*simulated{}}
	inf, err := ca.GetInformer(ctx, &appsv1.Deployment{})
	if err != nil {
		return nil, err
	}
	if _, err := inf.AddEventHandler(toolscache.ResourceEventHandlerFuncs{
		AddFunc: func(obj any) {
			if d, ok := obj.(*appsv1.Deployment); ok {
				dc.follow(ctx, d.Name)
			}
		},
		UpdateFunc: func(old, obj any) {
			o, ok1 := old.(*appsv1.Deployment)
			d, ok2 := obj.(*appsv1.Deployment)
			if ok1 && ok2 && o.Generation != d.Generation {
				dc.follow(ctx, d.Name)
			}
		},
	}); err != nil {
		return nil, err
	}
	go func() { _ = ca.Start(ctx) }()
	if !ca.WaitForCacheSync(ctx) {
		return nil, fmt.Errorf("the deployment controller's cache did not sync")
	}
	return dc, nil
}

// follow starts following the Deployment name, or tells the goroutine that
// follows it that its generation moved.
func (dc *deploymentController) follow(ctx context.Context, name string) {
	dc.mu.Lock()
	d, ok := dc.deps[name]
	if !ok {
		d = &simulated{name: name, kick: make(chan struct{}, 1)}
		dc.deps[name] = d
	}
	dc.mu.Unlock()
	if !ok {
		go dc.run(ctx, d)
		return
	}
	select {
	case d.kick <- struct{}{}:
	default:
	}
}

// podState is what the simulated Pods of one Deployment are.
type podState struct {
	observed    int64 // the generation the status was last written for
	want, ready int32
	progressing string // Progressing's reason
	conditions  map[string]*appsv1.DeploymentCondition
}

// run writes the status of d, step by step, until ctx is done or d is
// gone.
func (dc *deploymentController) run(ctx context.Context, d *simulated) {
	st := &podState{conditions: map[string]*appsv1.DeploymentCondition{}}
	firstDone := false
	for ctx.Err() == nil {
		var dep appsv1.Deployment
		if err := dc.cache.Get(ctx, types.NamespacedName{Namespace: Namespace, Name: d.name}, &dep); err != nil {
			if apierrors.IsNotFound(err) {
				return
			}
			driver.Sleep(ctx, time.Second)
			continue
		}
		var next time.Duration
		switch {
		case dep.Generation != st.observed:
			st.observed = dep.Generation
			st.want = 1
			if dep.Spec.Replicas != nil {
				st.want = *dep.Spec.Replicas
			}
			st.ready = min(st.ready, st.want)
			st.progressing = "ReplicaSetUpdated"
			if st.ready == st.want {
				st.progressing = "NewReplicaSetAvailable"
			}
			next = jitter(dc.cfg.PodReady)
		case st.ready < st.want:
			st.ready++
			if st.ready == st.want {
				st.progressing = "NewReplicaSetAvailable"
			}
			next = jitter(dc.cfg.PodReady)
		default: // all ready: one Pod loses its readiness
			if st.want > 0 {
				st.ready--
			}
			next = jitter(dc.cfg.PodReady)
		}
		if st.ready == st.want && !firstDone {
			firstDone = true
			dc.rolledOut.Add(1)
		}
		if st.ready == st.want && st.progressing == "NewReplicaSetAvailable" {
			next = jitter(dc.cfg.Flap)
		}
		if err := dc.writeStatus(ctx, d.name, st); err != nil {
			dc.writeErrors.Add(1)
		} else {
			dc.writes.Add(1)
		}
		dc.wait(ctx, d, st.observed, next)
	}
}

// wait waits for next (forever when next is 0) or until a new generation of
// d than observed is in the cache.
func (dc *deploymentController) wait(ctx context.Context, d *simulated, observed int64, next time.Duration) {
	var timeout <-chan time.Time
	if next > 0 {
		t := time.NewTimer(next)
		defer t.Stop()
		timeout = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-timeout:
			return
		case <-d.kick:
			var dep appsv1.Deployment
			err := dc.cache.Get(ctx, types.NamespacedName{Namespace: Namespace, Name: d.name}, &dep)
			if err != nil || dep.Generation != observed {
				return
			}
		}
	}
}

// writeStatus writes st as the Deployment's whole status.
func (dc *deploymentController) writeStatus(ctx context.Context, name string, st *podState) error {
	now := metav1.Now()
	set := func(typ appsv1.DeploymentConditionType, status corev1.ConditionStatus, reason, message string) {
		c := st.conditions[string(typ)]
		if c == nil || c.Status != status {
			c = &appsv1.DeploymentCondition{Type: typ, Status: status, LastTransitionTime: now}
			st.conditions[string(typ)] = c
		}
		if c.Reason != reason {
			c.LastUpdateTime = now
		}
		c.Reason, c.Message = reason, message
	}
	if st.ready == st.want {
		set(appsv1.DeploymentAvailable, corev1.ConditionTrue, "MinimumReplicasAvailable", "Deployment has minimum availability.")
	} else {
		set(appsv1.DeploymentAvailable, corev1.ConditionFalse, "MinimumReplicasUnavailable", "Deployment does not have minimum availability.")
	}
	if st.progressing == "NewReplicaSetAvailable" {
		set(appsv1.DeploymentProgressing, corev1.ConditionTrue, st.progressing, fmt.Sprintf("ReplicaSet %q has successfully progressed.", name))
	} else {
		set(appsv1.DeploymentProgressing, corev1.ConditionTrue, st.progressing, fmt.Sprintf("ReplicaSet %q is progressing.", name))
	}
	// Counts as a map: the typed status leaves zeros out, and a merge
	// patch must set them.
	patch, err := json.Marshal(map[string]any{"status": map[string]any{
		"observedGeneration":  st.observed,
		"replicas":            st.want,
		"updatedReplicas":     st.want,
		"readyReplicas":       st.ready,
		"availableReplicas":   st.ready,
		"unavailableReplicas": st.want - st.ready,
		"conditions":          []*appsv1.DeploymentCondition{st.conditions[string(appsv1.DeploymentAvailable)], st.conditions[string(appsv1.DeploymentProgressing)]},
	}})
	if err != nil {
		return err
	}
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: name}}
	return dc.c.Status().Patch(ctx, dep, client.RawPatch(types.MergePatchType, patch))
}

// jitter is d times a random factor between one half and one and a half.
func jitter(d time.Duration) time.Duration {
	return time.Duration(float64(d) * (0.5 + rand.Float64()))
}
