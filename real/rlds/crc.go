package rlds

import "hash/crc32"

// castagnoli is the CRC-32C table TFRecord checksums use.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maskDelta is the constant TFRecord adds to a rotated CRC.
const maskDelta = 0xa282ead8

// MaskedCRC returns TFRecord's masked CRC-32C of b:
// ((c >> 15) | (c << 17)) + 0xa282ead8 with c the CRC-32C (Castagnoli).
func MaskedCRC(b []byte) uint32 {
	return mask(crcOf(b))
}

// crcOf returns the plain CRC-32C of b.
func crcOf(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// mask rotates a CRC right by 15 bits and adds maskDelta.
func mask(c uint32) uint32 {
	return ((c >> 15) | (c << 17)) + maskDelta
}
