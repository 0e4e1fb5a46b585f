/* placeholder: the shim helper replaces this file. */
int main(void) { return 0; }
