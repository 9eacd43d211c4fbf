package assets

import "sync"

// defaultMTL holds the colours (Kd) and opacities (d) of the materials that
// Java3D's OBJ loader, and Sweet Home 3D's after it, predefine: OBJ files
// may use them ("usemtl dkgrey") without any mtllib, as the models of the
// Sweet Home 3D jar do.
const defaultMTL = `newmtl amber
Kd 0.5755 0.2678 0.0000
newmtl amber_trans
Kd 0.5755 0.2678 0.0000
d 0.1600
newmtl charcoal
Kd 0.0041 0.0041 0.0041
newmtl lavendar
Kd 0.2187 0.0906 0.3469
newmtl navy_blue
Kd 0.0000 0.0000 0.0531
newmtl pale_green
Kd 0.0712 0.3796 0.0490
newmtl pale_pink
Kd 0.6531 0.2053 0.4160
newmtl pale_yellow
Kd 0.6898 0.6211 0.1999
newmtl peach
Kd 0.6367 0.1829 0.0156
newmtl periwinkle
Kd 0.0000 0.0396 0.8286
newmtl redwood
Kd 0.2571 0.0330 0.0000
newmtl smoked_glass
Kd 0.0041 0.0041 0.0041
d 0.0200
newmtl aqua_filter
Kd 0.3743 0.6694 0.5791
d 0.0200
newmtl yellow_green
Kd 0.1875 0.4082 0.0017
newmtl bluetint
Kd 0.0468 0.7115 0.9551
d 0.4300
newmtl plasma
Kd 1.0000 0.0776 0.4478
d 0.2500
newmtl emerald
Kd 0.0470 1.0000 0.0000
d 0.2500
newmtl ruby
Kd 1.0000 0.0000 0.0000
d 0.2500
newmtl sapphire
Kd 0.0235 0.0000 1.0000
d 0.2500
newmtl white
Kd 1.0000 1.0000 1.0000
newmtl red
Kd 0.7714 0.0000 0.0000
newmtl blue_pure
Kd 0.0000 0.0000 1.0000
newmtl lime
Kd 0.0000 1.0000 0.0000
newmtl green
Kd 0.0000 0.2500 0.0000
newmtl yellow
Kd 1.0000 0.6667 0.0000
newmtl purple
Kd 0.5000 0.0000 1.0000
newmtl orange
Kd 1.0000 0.1667 0.0000
newmtl grey
Kd 0.1837 0.1837 0.1837
newmtl rubber
Kd 0.0100 0.0100 0.0100
newmtl flaqua
Kd 0.0000 0.5000 0.5000
newmtl flblack
Kd 0.0041 0.0041 0.0041
newmtl flblue_pure
Kd 0.0000 0.0000 0.7102
newmtl flgrey
Kd 0.5000 0.5000 0.5000
newmtl fllime
Kd 0.0000 1.0000 0.0000
newmtl florange
Kd 1.0000 0.1667 0.0000
newmtl flpurple
Kd 0.3755 0.0000 0.7510
newmtl flred
Kd 1.0000 0.0000 0.0000
newmtl flyellow
Kd 1.0000 0.6667 0.0000
newmtl pink
Kd 0.9878 0.1695 0.6702
newmtl flbrown
Kd 0.1102 0.0120 0.0013
newmtl brown
Kd 0.0857 0.0147 0.0000
newmtl glass
Kd 0.4873 0.4919 0.5306
newmtl flesh
Kd 0.5265 0.4127 0.3374
newmtl aqua
Kd 0.0000 0.5000 0.5000
newmtl black
Kd 0.0020 0.0020 0.0020
newmtl silver
Kd 0.6163 0.6163 0.6163
newmtl dkblue_pure
Kd 0.0000 0.0000 0.1347
newmtl fldkblue_pure
Kd 0.0000 0.0000 0.1347
newmtl dkgreen
Kd 0.0058 0.0245 0.0000
newmtl dkgrey
Kd 0.0490 0.0490 0.0490
newmtl ltbrown
Kd 0.2776 0.1143 0.0531
newmtl fldkgreen
Kd 0.0058 0.0245 0.0000
newmtl flltbrown
Kd 0.2776 0.1143 0.0531
newmtl tan
Kd 0.6612 0.5221 0.2186
newmtl fltan
Kd 0.6612 0.4567 0.1295
newmtl brzskin
Kd 0.3796 0.2898 0.2122
newmtl lips
Kd 0.9265 0.2612 0.2898
newmtl redorange
Kd 0.7551 0.0185 0.0000
newmtl blutan
Kd 0.0776 0.2571 0.2041
newmtl bluteal
Kd 0.0776 0.2571 0.2041
newmtl pinktan
Kd 0.6857 0.2571 0.2163
newmtl brnhair
Kd 0.0898 0.0302 0.0110
newmtl blondhair
Kd 0.5714 0.3283 0.0443
newmtl flblonde
Kd 0.5714 0.3283 0.0443
newmtl yelloworng
Kd 0.8857 0.2490 0.0000
newmtl bone
Kd 0.9000 0.7626 0.4261
newmtl teeth
Kd 0.9837 0.7959 0.4694
newmtl brass
Kd 0.4776 0.1959 0.0000
newmtl dkred
Kd 0.2286 0.0000 0.0000
newmtl taupe
Kd 0.2041 0.1227 0.1058
newmtl dkteal
Kd 0.0000 0.0653 0.0449
newmtl dkdkgrey
Kd 0.0122 0.0122 0.0122
newmtl dkblue
Kd 0.0000 0.0041 0.0571
newmtl gold
Kd 1.0000 0.4898 0.0000
newmtl redbrick
Kd 0.3306 0.0398 0.0081
newmtl flmustard
Kd 0.8898 0.3531 0.0073
newmtl flpinegreen
Kd 0.1061 0.2163 0.0857
newmtl fldkred
Kd 0.2286 0.0082 0.0082
newmtl fldkgreen2
Kd 0.0245 0.0694 0.0041
newmtl flmintgreen
Kd 0.1306 0.2898 0.1673
newmtl olivegreen
Kd 0.0250 0.0367 0.0000
newmtl skin
Kd 0.1102 0.0328 0.0139
newmtl redbrown
Kd 0.2816 0.0060 0.0000
newmtl deepgreen
Kd 0.0000 0.0204 0.0050
newmtl flltolivegreen
Kd 0.0393 0.0531 0.0100
newmtl jetflame
Kd 0.9510 0.4939 0.0980
newmtl brownskn
Kd 0.0204 0.0082 0.0000
newmtl greenskn
Kd 0.0000 0.0735 0.0000
newmtl ltgrey
Kd 0.3837 0.3837 0.3837
newmtl bronze
Kd 0.0653 0.0367 0.0122
newmtl bone1
Kd 0.9837 0.7959 0.4694
newmtl flwhite1
Kd 1.0000 1.0000 1.0000
newmtl flwhite
Kd 0.9837 0.9309 0.8392
newmtl shadow
Kd 0.0350 0.0248 0.0194
d 0.2500
newmtl fldkolivegreen
Kd 0.0151 0.0204 0.0038
newmtl fldkdkgrey
Kd 0.0122 0.0122 0.0122
newmtl lcdgreen
Kd 0.5878 1.0000 0.5061
newmtl brownlips
Kd 0.1429 0.0653 0.0408
newmtl muscle
Kd 0.4204 0.0721 0.0856
newmtl flltgrey
Kd 0.8245 0.8245 0.8245
newmtl offwhite.warm
Kd 0.8367 0.6898 0.4490
newmtl offwhite.cool
Kd 0.8367 0.6812 0.5703
newmtl yellowbrt
Kd 1.0000 0.7837 0.0000
newmtl chappie
Kd 0.5837 0.1796 0.0367
newmtl archwhite
Kd 0.9959 0.9959 0.9959
newmtl archwhite2
Kd 0.8408 0.8408 0.8408
newmtl lighttan
Kd 0.7020 0.4210 0.2206
newmtl lighttan2
Kd 0.3143 0.1870 0.0962
newmtl lighttan3
Kd 0.1796 0.0829 0.0139
newmtl lightyellow
Kd 1.0000 0.9542 0.3388
newmtl lighttannew
Kd 0.7878 0.6070 0.3216
newmtl default
Kd 0.7102 0.7020 0.6531
newmtl ship2
Kd 1.0000 1.0000 1.0000
newmtl dkpurple
Kd 0.0245 0.0000 0.0490
newmtl dkorange
Kd 0.7143 0.0350 0.0000
newmtl mintgrn
Kd 0.0245 0.4776 0.0816
newmtl fgreen
Kd 0.0000 0.0449 0.0004
newmtl glassblutint
Kd 0.5551 0.8000 0.7730
d 0.6700
newmtl bflesh
Kd 0.0245 0.0081 0.0021
newmtl meh
Kd 0.5551 0.8000 0.7730
d 0.2500
newmtl violet
Kd 0.0287 0.0269 0.1347
newmtl iris
Kd 0.0000 0.0572 0.3184
newmtl blugrn
Kd 0.0811 0.6408 0.2775
newmtl glasstransparent
Kd 0.4694 0.4694 0.4694
d 0.2500
newmtl fleshtransparent
Kd 0.6898 0.2942 0.1295
d 0.2500
newmtl fldkgrey
Kd 0.0939 0.0939 0.0939
newmtl sky_blue
Kd 0.1241 0.5931 0.8000
newmtl fldkpurple
Kd 0.1612 0.0000 0.3347
newmtl dkbrown
Kd 0.0087 0.0038 0.0016
newmtl bone2
Kd 0.9837 0.8620 0.6504
newmtl bluegrey
Kd 0.1881 0.2786 0.2898
newmtl metal
Kd 0.9000 0.7626 0.4261
newmtl sand_stone
Kd 0.1256 0.1138 0.0965
newmtl hair
Kd 0.0008 0.0007 0.0006
`

var (
	defaultMatsOnce sync.Once
	defaultMats     map[string]*mtlMaterial
)

// defaultMaterial returns the predefined material of a name, nil if none.
func defaultMaterial(name string) *mtlMaterial {
	defaultMatsOnce.Do(func() { defaultMats = parseMTL([]byte(defaultMTL)) })
	return defaultMats[name]
}
