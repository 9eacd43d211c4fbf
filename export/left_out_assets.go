package export

// LeftOutAssets records what a split's houses left out because the backend
// they were built for could not create some asset ids (a websocket backend
// whose hello declares only AI2-THOR's ids gets no flowbench-only fixture):
// thor.AssetSupport.FilterHouse over every house of the split, summed. A
// split generated for a backend that creates every asset has none.
type LeftOutAssets struct {
	// Backend names the asset sets the backend declared ("ai2thor").
	Backend string `json:"backend_assets"`
	// Houses counts the houses that left out at least one object.
	Houses int `json:"houses"`
	// Objects counts every object left out, those resting on one included.
	Objects int `json:"objects"`
	// ByType and ByAsset count the objects left out for their own asset id,
	// by objectType and by asset id.
	ByType  map[string]int `json:"by_type"`
	ByAsset map[string]int `json:"by_asset"`
	// Resting counts the objects left out only because they rested on one.
	Resting int `json:"resting"`
}
