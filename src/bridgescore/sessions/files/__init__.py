"""An event's result files: CSV (any separator), USEBIO XML and PBN results, read into the
event model with every bad line told at once, compared with the scores they carry, and
written back; ``any_format`` tells them apart by their content.
"""
