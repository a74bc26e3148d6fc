package helpers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statuswrites/api"
)

// Resources carries the object in an embedded field, as pulp-operator's
// FunctionResources carries its Pulp.
type Resources struct {
	context.Context
	client.Client
	*api.Widget
}

// Sync writes the status of the Widget in its argument only on the paths
// that return true or an error: a caller that returns on either writes
// once. It returns what sync returns, as pulp-operator's ReconcileObject
// returns what updateObject does.
func Sync(fr Resources, cm *corev1.ConfigMap) (bool, error) { // want Sync:`^writes status of argument 0\.2 \(fr\.Widget\) 1 time\(s\): helpers\.Sync → helpers\.sync → helpers\.update at helpers\.go:[0-9]+ only when result 0 answers true$`
	if cm.Namespace == "" {
		return false, nil
	}
	return sync(fr, cm)
}

func sync(fr Resources, cm *corev1.ConfigMap) (bool, error) {
	if cm.Name == "" {
		return false, nil
	}
	fr.Widget.Status.Ready = false
	_ = update(fr.Context, fr.Client, fr.Widget)
	if err := fr.Client.Update(fr.Context, cm); err != nil {
		_ = update(fr.Context, fr.Client, fr.Widget)
		return false, err
	}
	return true, nil
}

// Named carries the object in a named field, and is passed by pointer.
type Named struct {
	C   client.Client
	Obj *api.Widget
}

// SyncNamed writes only on the path that returns true.
func SyncNamed(ctx context.Context, n *Named, cm *corev1.ConfigMap) (bool, error) { // want SyncNamed:`^writes status of argument 1\.1\* \(n\.Obj\) 1 time\(s\): helpers\.SyncNamed → helpers\.update at helpers\.go:[0-9]+ only when result 0 answers true$`
	if cm.Name == "" {
		return false, nil
	}
	n.Obj.Status.Ready = false
	_ = update(ctx, n.C, n.Obj)
	return true, nil
}

// SyncGoesOn writes on a path that returns false, nil: its caller goes on
// after a write.
func SyncGoesOn(fr Resources, cm *corev1.ConfigMap) (bool, error) { // want SyncGoesOn:`^writes status of argument 0\.2 \(fr\.Widget\) 1 time\(s\): helpers\.SyncGoesOn → helpers\.update at helpers\.go:[0-9]+$`
	if cm.Name == "" {
		_ = update(fr.Context, fr.Client, fr.Widget)
		return false, nil
	}
	_ = update(fr.Context, fr.Client, fr.Widget)
	return true, nil
}
