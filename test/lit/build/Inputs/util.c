// Not a graph: built as it is.
int util(void);
int util(void) { return 0; }
