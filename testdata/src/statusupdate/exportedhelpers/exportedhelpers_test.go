package exportedhelpers

import (
	"context"
	"testing"

	"statusupdate/api"
)

func TestUpdateIfChanged(t *testing.T) {
	r := &QueueReconciler{}
	_ = r.updateIfChanged(context.Background(), &api.Widget{})
}
