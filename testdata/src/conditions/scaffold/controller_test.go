package scaffold

import (
	"context"
	"testing"

	"conditions/api"
)

func TestMarkReady(t *testing.T) {
	r := &WidgetReconciler{}
	var w api.Widget
	w.Status.ObservedGeneration = 2
	markReady(&w)
	_ = r.Status().Update(context.Background(), &w)
	mark := markReady
	mark(&w)
}

func TestUpdateCondition(t *testing.T) {
	r := &PartsReconciler{}
	var w api.Widget
	w.Status.ReadyReplicas = 3
	_ = r.updateCondition(context.Background(), &w, ready)
	update := r.updateCondition
	_ = update
}
