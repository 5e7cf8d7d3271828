cdef int _placeholder = 0
