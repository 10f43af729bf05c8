package core

// JSONPosition is the line and column, both from 1, of the byte a
// json.SyntaxError's Offset points just past, so that every surface
// reporting malformed JSON names the same place.
func JSONPosition(b []byte, offset int64) (line, col int) {
	return position(b, offset)
}

func position(b []byte, offset int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < offset-1 && i < int64(len(b)); i++ {
		if b[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
