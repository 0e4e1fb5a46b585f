// Package main is a tiny c-archive library of the kind gomobile builds for an
// iOS app: it seals a packet with AES-128-GCM, the path that runs in pure Go on
// iOS unless internal/cpu reports the ARMv8 crypto extensions.
package main

import "C"

import (
	"crypto/aes"
	"crypto/cipher"
)

//export SealedLen
func SealedLen(n C.int) C.int {
	block, err := aes.NewCipher(make([]byte, 16))
	if err != nil {
		return -1
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return -1
	}
	out := aead.Seal(nil, make([]byte, aead.NonceSize()), make([]byte, int(n)), nil)
	return C.int(len(out))
}

func main() {}
