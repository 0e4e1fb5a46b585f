module example.com/aeslib

go 1.21
