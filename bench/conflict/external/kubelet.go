package external

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	toolscache "k8s.io/client-go/tools/cache"
)

// NodeName is the fake node every Pod of a run is bound to.
const NodeName = "bench-node"

// KubeletPace is how fast the kubelet-like component moves a Pod on. Each
// delay is drawn between half and one and a half times the value.
type KubeletPace struct {
	Schedule time.Duration // from the Pod's create to its binding (the scheduler)
	Start    time.Duration // from the binding to the containers running
	Ready    time.Duration // from running to Ready (a readiness probe passing)
}

// DefaultPace is a Pod whose image is already on the node.
var DefaultPace = KubeletPace{Schedule: 20 * time.Millisecond, Start: time.Second, Ready: 500 * time.Millisecond}

// kubelet stands in for what envtest lacks: the scheduler, which binds each
// new Pod of the namespace to the fake node, and that node's kubelet, which
// then writes the Pod's status in three steps as a kubelet does (accepted
// and containers creating; running; Ready), each a strategic merge patch
// of the status subresource with the Pod's UID as precondition, as the
// kubelet's status manager sends. Its writes never conflict; the
// operator's whole-object Pod writes race them, as on a cluster.
type kubelet struct {
	cs        kubernetes.Interface
	namespace string
	pace      KubeletPace

	mu   sync.Mutex
	seen map[types.UID]bool

	binds, statusWrites, failures atomic.Int64
	ready                         atomic.Int64
}

// startKubelet creates the fake node and follows the Pods of namespace
// until ctx is done.
func startKubelet(ctx context.Context, cfg *rest.Config, namespace string, pace KubeletPace) (*kubelet, error) {
	cfg = rest.CopyConfig(cfg)
	cfg.UserAgent = "kubelet/" + NodeName
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: NodeName, Labels: map[string]string{"kubernetes.io/hostname": NodeName}}}
	if node, err = cs.CoreV1().Nodes().Create(ctx, node, metav1.CreateOptions{}); err != nil {
		return nil, err
	}
	node.Status.Conditions = []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue, Reason: "KubeletReady", LastHeartbeatTime: metav1.Now(), LastTransitionTime: metav1.Now()}}
	node.Status.Capacity = corev1.ResourceList{}
	if _, err := cs.CoreV1().Nodes().UpdateStatus(ctx, node, metav1.UpdateOptions{}); err != nil {
		return nil, err
	}
	k := &kubelet{cs: cs, namespace: namespace, pace: pace, seen: map[types.UID]bool{}}
	factory := informers.NewSharedInformerFactoryWithOptions(cs, 0, informers.WithNamespace(namespace))
	inf := factory.Core().V1().Pods().Informer()
	if _, err := inf.AddEventHandler(toolscache.ResourceEventHandlerFuncs{
		AddFunc: func(obj any) {
			if pod, ok := obj.(*corev1.Pod); ok {
				k.admit(ctx, pod)
			}
		},
	}); err != nil {
		return nil, err
	}
	factory.Start(ctx.Done())
	factory.WaitForCacheSync(ctx.Done())
	return k, nil
}

func (k *kubelet) admit(ctx context.Context, pod *corev1.Pod) {
	k.mu.Lock()
	if k.seen[pod.UID] || pod.Spec.NodeName != "" {
		k.mu.Unlock()
		return
	}
	k.seen[pod.UID] = true
	k.mu.Unlock()
	name, uid := pod.Name, pod.UID
	var containers []string
	for _, c := range pod.Spec.Containers {
		containers = append(containers, c.Name)
	}
	after(ctx, k.pace.Schedule, func() {
		binding := &corev1.Binding{
			ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: k.namespace, UID: uid},
			Target:     corev1.ObjectReference{Kind: "Node", Name: NodeName},
		}
		if err := k.cs.CoreV1().Pods(k.namespace).Bind(ctx, binding, metav1.CreateOptions{}); err != nil {
			k.failures.Add(1)
			return
		}
		k.binds.Add(1)
		start := metav1.Now()
		ip := fmt.Sprintf("10.1.%d.%d", rand.IntN(250)+1, rand.IntN(250)+1)
		k.writeStatus(ctx, name, uid, podStatus(corev1.PodPending, start, containers, "", false))
		after(ctx, k.pace.Start, func() {
			k.writeStatus(ctx, name, uid, podStatus(corev1.PodRunning, start, containers, ip, false))
			after(ctx, k.pace.Ready, func() {
				if k.writeStatus(ctx, name, uid, podStatus(corev1.PodRunning, start, containers, ip, true)) {
					k.ready.Add(1)
				}
			})
		})
	})
}

// writeStatus patches the Pod's status; it reports whether it was written.
func (k *kubelet) writeStatus(ctx context.Context, name string, uid types.UID, status map[string]any) bool {
	patch, err := json.Marshal(map[string]any{"metadata": map[string]any{"uid": uid}, "status": status})
	if err != nil {
		k.failures.Add(1)
		return false
	}
	if _, err := k.cs.CoreV1().Pods(k.namespace).Patch(ctx, name, types.StrategicMergePatchType, patch, metav1.PatchOptions{}, "status"); err != nil {
		k.failures.Add(1)
		return false
	}
	k.statusWrites.Add(1)
	return true
}

// podStatus is the status a kubelet reports at one step of a Pod's start:
// its containers are running once it has an IP.
func podStatus(phase corev1.PodPhase, start metav1.Time, containers []string, ip string, ready bool) map[string]any {
	now := metav1.Now()
	running := ip != ""
	cond := func(t corev1.PodConditionType, ok bool, reason string) map[string]any {
		c := map[string]any{"type": t, "status": corev1.ConditionFalse, "lastTransitionTime": now, "lastProbeTime": nil}
		if ok {
			c["status"] = corev1.ConditionTrue
		} else if reason != "" {
			c["reason"] = reason
		}
		return c
	}
	var statuses []map[string]any
	for _, name := range containers {
		cs := map[string]any{"name": name, "image": "sandbox", "imageID": "", "ready": ready, "restartCount": 0, "started": running}
		if running {
			cs["state"] = map[string]any{"running": map[string]any{"startedAt": start}}
			cs["containerID"] = "containerd://" + name
		} else {
			cs["state"] = map[string]any{"waiting": map[string]any{"reason": "ContainerCreating"}}
		}
		statuses = append(statuses, cs)
	}
	notReady := "ContainersNotReady"
	if ready {
		notReady = ""
	}
	status := map[string]any{
		"phase":     phase,
		"hostIP":    "10.0.0.1",
		"hostIPs":   []map[string]any{{"ip": "10.0.0.1"}},
		"startTime": start,
		"qosClass":  corev1.PodQOSBestEffort,
		"conditions": []map[string]any{
			cond(corev1.PodReadyToStartContainers, running, ""),
			cond(corev1.PodInitialized, true, ""),
			cond(corev1.PodReady, ready, notReady),
			cond(corev1.ContainersReady, ready, notReady),
			cond(corev1.PodScheduled, true, ""),
		},
		"containerStatuses": statuses,
	}
	if running {
		status["podIP"] = ip
		status["podIPs"] = []map[string]any{{"ip": ip}}
	}
	return status
}

// after runs f once a delay drawn around d has passed, unless ctx is done.
func after(ctx context.Context, d time.Duration, f func()) {
	if d > 0 {
		d = d/2 + time.Duration(rand.Int64N(int64(d)+1))
	}
	time.AfterFunc(d, func() {
		if ctx.Err() == nil {
			f()
		}
	})
}
