/* placeholder: the verify helper replaces this file. */
int main(void) { return 0; }
