package thor

import (
	"encoding/json"

	"flowbench/sim"
)

// Protocol identification sent in both hello messages.
const (
	ProtocolName    = "flowbench-thor"
	ProtocolVersion = 1
)

// Action names. All but SettleObject and Render are AI2-THOR's own.
const (
	ActionInitialize     = "Initialize"
	ActionCreateHouse    = "CreateHouse"
	ActionTeleportFull   = "TeleportFull"
	ActionReachable      = "GetReachablePositions"
	ActionTeleportObject = "TeleportObject"
	ActionPlaceObjectAt  = "PlaceObjectAtPoint"
	ActionSettleObject   = "SettleObject"
	ActionRaycast        = "GetCoordinateFromRaycast"
	ActionRender         = "Render"
	ActionPass           = "Pass"
	// FeatureMeshes in a server's Hello.Wants asks for CreateHouse meshes.
	FeatureMeshes = "meshes"
)

// Hello is the first message in each direction.
type Hello struct {
	Protocol string `json:"protocol"`
	Version  int    `json:"version"`
	// Role is "client" or "server".
	Role string `json:"role"`
	// Name identifies the implementation ("flowbench-go", "blender", "ai2thor").
	Name string `json:"name,omitempty"`
	// Actions lists the actions a server handles.
	Actions []string `json:"actions,omitempty"`
	// Wants lists optional request payloads a server asks for (FeatureMeshes).
	Wants []string `json:"wants,omitempty"`
	// Assets names the asset sets whose ids a server can create
	// (AssetsAI2THOR, AssetsFlowbench, AssetsAll; SupportOf reads it). A
	// server hello without it can create exactly AI2-THOR's asset ids.
	Assets []string `json:"assets,omitempty"`
	// Error is set by a server that refuses the client's hello; it then closes.
	Error string `json:"error,omitempty"`
}

// Request is one client → server text message.
type Request struct {
	ID     uint64          `json:"id"`
	Action string          `json:"action"`
	Args   json.RawMessage `json:"args,omitempty"`
	// WithObjects false asks for an empty objects list in the reply
	// (flowbench extension; absent means true, as in AI2-THOR).
	WithObjects *bool `json:"withObjects,omitempty"`
}

// Reply is one server → client text message; binary frames for the same id
// are sent before it.
type Reply struct {
	ID       uint64   `json:"id"`
	Metadata Metadata `json:"metadata"`
}

// InitializeArgs are Initialize's arguments.
type InitializeArgs struct {
	Width       int     `json:"width,omitempty"`
	Height      int     `json:"height,omitempty"`
	FieldOfView float64 `json:"fieldOfView,omitempty"`
	GridSize    float64 `json:"gridSize,omitempty"`
}

// CreateHouseArgs are CreateHouse's arguments. Meshes is a flowbench
// extension sent only to servers that want it.
type CreateHouseArgs struct {
	House  json.RawMessage `json:"house"`
	Meshes *HouseMeshes    `json:"meshes,omitempty"`
}

// TeleportFullArgs are TeleportFull's arguments. Position is the floor point
// under the eye; the eye is at Position + (0, EyeHeight, 0).
type TeleportFullArgs struct {
	Position  *sim.XYZ `json:"position"`
	Rotation  *sim.XYZ `json:"rotation"`
	Horizon   float64  `json:"horizon"`
	Standing  *bool    `json:"standing,omitempty"`
	EyeHeight *float64 `json:"eyeHeight,omitempty"`
}

// TeleportObjectArgs are TeleportObject's arguments.
type TeleportObjectArgs struct {
	ObjectID    string   `json:"objectId"`
	Position    *sim.XYZ `json:"position"`
	Rotation    *sim.XYZ `json:"rotation,omitempty"`
	ForceAction bool     `json:"forceAction,omitempty"`
}

// ObjectArgs names one object (SettleObject; PlaceObjectAtPoint adds Position).
type ObjectArgs struct {
	ObjectID string   `json:"objectId"`
	Position *sim.XYZ `json:"position,omitempty"`
}

// RaycastArgs are GetCoordinateFromRaycast's arguments: viewport fractions
// x, y (y = 0 at the top) and, as a flowbench extension, exact OpenCV pixel
// coordinates u, v that take precedence when both are present.
type RaycastArgs struct {
	X *float64 `json:"x"`
	Y *float64 `json:"y"`
	U *float64 `json:"u,omitempty"`
	V *float64 `json:"v,omitempty"`
}

// RaycastReturn is GetCoordinateFromRaycast's actionReturn: AI2-THOR's
// {x, y, z} plus what was hit.
type RaycastReturn struct {
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Z        float64 `json:"z"`
	Hit      bool    `json:"hit"`
	ObjectID string  `json:"objectId,omitempty"`
	Distance float64 `json:"distance,omitempty"`
	Depth    float64 `json:"depth,omitempty"`
}

// RenderArgs are Render's arguments; no passes means all of them.
type RenderArgs struct {
	Passes []string `json:"passes,omitempty"`
}

// RenderReturn is Render's actionReturn.
type RenderReturn struct {
	Width   int      `json:"width"`
	Height  int      `json:"height"`
	Passes  []string `json:"passes"`
	IDTable []string `json:"idTable"`
}

// SettleReturn is SettleObject's actionReturn.
type SettleReturn struct {
	Dropped          float64 `json:"dropped"`
	ParentReceptacle string  `json:"parentReceptacle"`
}

// CollisionReturn is the actionReturn of a TeleportObject, PlaceObjectAtPoint
// or SettleObject refused for a collision.
type CollisionReturn struct {
	Collision *CollisionInfo `json:"collision"`
}

// CollisionInfo mirrors sim.CollisionError.
type CollisionInfo struct {
	Mover  string  `json:"mover"`
	Object string  `json:"object"`
	Other  string  `json:"other"`
	Depth  float64 `json:"depth"`
	Action string  `json:"action"`
}
