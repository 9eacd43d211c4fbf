package thor

import (
	"encoding/json"

	"flowbench/sim"
)

// Metadata is an AI2-THOR event's metadata. Every field AI2-THOR's schema
// requires is present (arrays as [] and the always-null fields as null), so
// a reply validates against AI2-THOR's metadata schema.
type Metadata struct {
	Objects              []ObjectMetadata `json:"objects"`
	IsSceneAtRest        bool             `json:"isSceneAtRest"`
	Agent                AgentMetadata    `json:"agent"`
	HeldObjectPose       HeldObjectPose   `json:"heldObjectPose"`
	FOV                  float64          `json:"fov"`
	CameraPosition       sim.XYZ          `json:"cameraPosition"`
	CameraOrthSize       float64          `json:"cameraOrthSize"`
	ThirdPartyCameras    []any            `json:"thirdPartyCameras"`
	Collided             bool             `json:"collided"`
	CollidedObjects      []any            `json:"collidedObjects"`
	InventoryObjects     []any            `json:"inventoryObjects"`
	SceneName            string           `json:"sceneName"`
	LastAction           string           `json:"lastAction"`
	ErrorMessage         string           `json:"errorMessage"`
	ErrorCode            *string          `json:"errorCode"`
	LastActionSuccess    bool             `json:"lastActionSuccess"`
	ScreenWidth          int              `json:"screenWidth"`
	ScreenHeight         int              `json:"screenHeight"`
	AgentID              int              `json:"agentId"`
	Colors               *string          `json:"colors"`
	ColorBounds          *string          `json:"colorBounds"`
	FlatSurfacesOnGrid   []any            `json:"flatSurfacesOnGrid"`
	Distances            []any            `json:"distances"`
	Normals              []any            `json:"normals"`
	IsOpenableGrid       []any            `json:"isOpenableGrid"`
	SegmentedObjectIDs   []any            `json:"segmentedObjectIds"`
	ObjectIDsInBox       []any            `json:"objectIdsInBox"`
	ActionIntReturn      int              `json:"actionIntReturn"`
	ActionFloatReturn    float64          `json:"actionFloatReturn"`
	ActionStringsReturn  []string         `json:"actionStringsReturn"`
	ActionFloatsReturn   []float64        `json:"actionFloatsReturn"`
	ActionVector3sReturn []sim.XYZ        `json:"actionVector3sReturn"`
	VisibleRange         *string          `json:"visibleRange"`
	// ActionReturn is an action's result: a JSON object or null.
	ActionReturn json.RawMessage `json:"actionReturn"`
	CurrentTime  float64         `json:"currentTime"`
	SceneBounds  BoundingBox     `json:"sceneBounds"`
}

// AgentMetadata is the agent entry. Position is the floor point under the
// eye (AI2-THOR reports the body centre; see docs/protocol.md); EyeHeight is
// a flowbench extension: the eye is at Position + (0, EyeHeight, 0).
type AgentMetadata struct {
	Name               string  `json:"name"`
	Position           sim.XYZ `json:"position"`
	Rotation           sim.XYZ `json:"rotation"`
	CameraHorizon      float64 `json:"cameraHorizon"`
	IsStanding         bool    `json:"isStanding"`
	InHighFrictionArea bool    `json:"inHighFrictionArea"`
	EyeHeight          float64 `json:"eyeHeight"`
}

// HeldObjectPose is the (unused, always zero) pose of a held object.
type HeldObjectPose struct {
	Position      sim.XYZ `json:"position"`
	Rotation      sim.XYZ `json:"rotation"`
	LocalPosition sim.XYZ `json:"localPosition"`
	LocalRotation sim.XYZ `json:"localRotation"`
}

// BoundingBox is an axis-aligned box as AI2-THOR writes it.
type BoundingBox struct {
	CornerPoints [][3]float64 `json:"cornerPoints"`
	Center       sim.XYZ      `json:"center"`
	Size         sim.XYZ      `json:"size"`
}

// OrientedBox is an object-oriented box: its 8 corners.
type OrientedBox struct {
	CornerPoints [][3]float64 `json:"cornerPoints"`
}

// ObjectMetadata is one object's entry. AssetID and BoxSize (full extents of
// the bounding box in the object's own frame) are flowbench extensions.
type ObjectMetadata struct {
	Name                      string       `json:"name"`
	Position                  sim.XYZ      `json:"position"`
	Rotation                  sim.XYZ      `json:"rotation"`
	Visible                   bool         `json:"visible"`
	Obstructed                bool         `json:"obstructed"`
	Receptacle                bool         `json:"receptacle"`
	Toggleable                bool         `json:"toggleable"`
	IsToggled                 bool         `json:"isToggled"`
	Breakable                 bool         `json:"breakable"`
	IsBroken                  bool         `json:"isBroken"`
	CanFillWithLiquid         bool         `json:"canFillWithLiquid"`
	FillLiquid                *string      `json:"fillLiquid"`
	IsFilledWithLiquid        bool         `json:"isFilledWithLiquid"`
	Dirtyable                 bool         `json:"dirtyable"`
	IsDirty                   bool         `json:"isDirty"`
	CanBeUsedUp               bool         `json:"canBeUsedUp"`
	IsUsedUp                  bool         `json:"isUsedUp"`
	Cookable                  bool         `json:"cookable"`
	IsCooked                  bool         `json:"isCooked"`
	ObjectTemperature         string       `json:"ObjectTemperature"`
	IsHeatSource              bool         `json:"isHeatSource"`
	IsColdSource              bool         `json:"isColdSource"`
	Sliceable                 bool         `json:"sliceable"`
	IsSliced                  bool         `json:"isSliced"`
	Openable                  bool         `json:"openable"`
	IsOpen                    bool         `json:"isOpen"`
	Pickupable                bool         `json:"pickupable"`
	IsPickedUp                bool         `json:"isPickedUp"`
	Moveable                  bool         `json:"moveable"`
	Mass                      float64      `json:"mass"`
	SalientMaterials          []string     `json:"salientMaterials"`
	ReceptacleObjectIDs       []string     `json:"receptacleObjectIds"`
	Distance                  float64      `json:"distance"`
	ObjectType                string       `json:"objectType"`
	ObjectID                  string       `json:"objectId"`
	ParentReceptacles         []string     `json:"parentReceptacles"`
	IsMoving                  bool         `json:"isMoving"`
	AxisAlignedBoundingBox    BoundingBox  `json:"axisAlignedBoundingBox"`
	ObjectOrientedBoundingBox *OrientedBox `json:"objectOrientedBoundingBox"`
	AssetID                   string       `json:"assetId,omitempty"`
	BoxSize                   *sim.XYZ     `json:"boxSize,omitempty"`
}

// newMetadata returns metadata with every required array empty (not null).
func newMetadata(action string) Metadata {
	return Metadata{
		Objects:              []ObjectMetadata{},
		IsSceneAtRest:        true,
		Agent:                AgentMetadata{Name: "agent", IsStanding: true},
		ThirdPartyCameras:    []any{},
		CollidedObjects:      []any{},
		InventoryObjects:     []any{},
		LastAction:           action,
		LastActionSuccess:    true,
		FlatSurfacesOnGrid:   []any{},
		Distances:            []any{},
		Normals:              []any{},
		IsOpenableGrid:       []any{},
		SegmentedObjectIDs:   []any{},
		ObjectIDsInBox:       []any{},
		ActionStringsReturn:  []string{},
		ActionFloatsReturn:   []float64{},
		ActionVector3sReturn: []sim.XYZ{},
		ActionReturn:         json.RawMessage("null"),
		SceneBounds:          boxMetadata(sim.AABB{}),
	}
}

// boxMetadata converts an axis-aligned box.
func boxMetadata(a sim.AABB) BoundingBox {
	return BoundingBox{CornerPoints: cornerList(a.Corners()), Center: sim.ToXYZ(a.Center()), Size: sim.ToXYZ(a.Size())}
}

func cornerList(c [8]sim.Vec3) [][3]float64 {
	out := make([][3]float64, len(c))
	for i, p := range c {
		out[i] = [3]float64(p)
	}
	return out
}

// objectMetadata describes object o; eye is the camera position (for
// distance) and visible whether the last rendered frame showed it.
func objectMetadata(s *sim.Scene, o *sim.Object, eye sim.Vec3, visible bool) ObjectMetadata {
	size := sim.ToXYZ(o.Size)
	m := ObjectMetadata{
		Name:                      o.ID,
		Position:                  sim.ToXYZ(o.Position),
		Rotation:                  sim.XYZ{Y: o.Yaw},
		Visible:                   visible,
		Receptacle:                o.Receptacle,
		ObjectTemperature:         "RoomTemp",
		Pickupable:                o.Pickupable,
		Moveable:                  o.Moveable,
		Distance:                  o.Position.Sub(eye).Len(),
		ObjectType:                o.Type,
		ObjectID:                  o.ID,
		AxisAlignedBoundingBox:    boxMetadata(o.AABB()),
		ObjectOrientedBoundingBox: &OrientedBox{CornerPoints: cornerList(o.Corners())},
		AssetID:                   o.AssetID,
		BoxSize:                   &size,
	}
	if o.Receptacle {
		m.ReceptacleObjectIDs = append([]string{}, s.Children(o.ID)...)
	}
	if o.Parent != "" {
		m.ParentReceptacles = []string{o.Parent}
	}
	return m
}
