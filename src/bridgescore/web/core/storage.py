"""The static files' storage: hashed names, a manifest and a gzip copy of each text file.

WhiteNoise's storage also writes a Brotli copy when the ``brotli`` package is importable
(in this project's development environment it comes with WeasyPrint's fonttools).  No proxy
of ours serves those: the compose file's nginx image has no Brotli module, and the Docker
image never had the package.  They made up most of collectstatic's time, so they are not
made: nginx (``gzip_static``) and WhiteNoise serve the gzip copies; one left over from an
earlier collection into the same directory is removed, so that WhiteNoise serves none.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import suppress
from typing import Any

# WhiteNoise ships no type information: its classes are Any to mypy.
from whitenoise.compress import Compressor  # type: ignore[import-untyped]
from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]


class GzipManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    def create_compressor(self, **kwargs: Any) -> Any:
        return Compressor(**{**kwargs, "use_brotli": False})

    def compress_files(self, paths: Iterable[str]) -> Iterator[tuple[str, str]]:
        paths = list(paths)
        for path in paths:
            with suppress(FileNotFoundError):
                os.unlink(self.path(path) + ".br")
        yield from super().compress_files(paths)
