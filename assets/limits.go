package assets

// The caps of bounded archive reading (docs/assets.md, "Bounded archive
// reading"). Each is far above what the real Debian archives need (the
// sweethome3d jar and the five archives of sweethome3d-furniture 1.8-1,
// measured in December 2026) and far below what would exhaust memory, so a hostile or
// corrupt archive is refused with a warning naming it instead of hanging
// or swallowing the machine. An archive or entry over a cap is refused, not
// truncated.
const (
	// maxArchiveBytes caps the size of one .sh3f or .jar file. The largest
	// real archive, Scopia.sh3f, is 60.8 MB (58 MiB).
	maxArchiveBytes = 512 << 20

	// maxEntryBytes caps the decompressed size of any archive entry read
	// (catalog, licence, texture). The largest real entry, the OBJ of
	// Scopia's japaneseMaple, is 8.8 MB.
	maxEntryBytes = 128 << 20

	// maxCatalogBytes caps a catalog .properties file. The largest real
	// one is 200,578 bytes (a translation in the jar); the furniture
	// catalogs are smaller.
	maxCatalogBytes = 16 << 20

	// maxOBJBytes caps one OBJ file: 14 times the largest real one (8.8 MB).
	maxOBJBytes = 128 << 20

	// maxMTLBytes caps one MTL file. The largest real one is 4,446 bytes.
	maxMTLBytes = 4 << 20

	// maxOBJVertices caps each of an OBJ's position, texture-coordinate and
	// normal counts. The most positions in a real model is 115,528
	// (Scopia's copperBeech); 4 M positions take 96 MB.
	maxOBJVertices = 4_000_000

	// maxOBJTriangles caps an OBJ's triangles after fan triangulation (a
	// face of k corners makes k-2). The most in a real model is 198,396
	// (166,014 faces, Scopia's japaneseMaple); 4 M triangles take 160 MB.
	maxOBJTriangles = 4_000_000

	// maxImageSide caps a texture's width and height as its header
	// declares them, checked before decoding. The widest real texture is
	// 2,106 pixels (BlendSwap-CC-0's kitchenaid).
	maxImageSide = 16384

	// maxImagePixels caps a texture's width × height, checked before
	// decoding: 32 M pixels decode to 128 MiB of RGBA. The largest real
	// texture has 1,048,576 pixels (1024 × 1024).
	maxImagePixels = 32 << 20
)

// readCaps are the caps in force; tests lower them (readers use caps, never
// the constants) to build small archives that cross them.
type readCaps struct {
	archive, entry, catalog, obj, mtl int64
	vertices, triangles               int
	imageSide, imagePixels            int
}

var caps = readCaps{
	archive: maxArchiveBytes, entry: maxEntryBytes, catalog: maxCatalogBytes,
	obj: maxOBJBytes, mtl: maxMTLBytes,
	vertices: maxOBJVertices, triangles: maxOBJTriangles,
	imageSide: maxImageSide, imagePixels: maxImagePixels,
}
