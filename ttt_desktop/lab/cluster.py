"""Where a tournament's games go when they leave this machine: a Dask scheduler, secured.

A Dask scheduler runs whatever its clients send it on every worker it has, and a plain
``tcp://`` one listens to anybody who can reach its port, with no password (Dask's own
documentation says so, and offers TLS with certificates). So a :class:`Scheduler` is
secure by default: ``tls://HOST:PORT`` with the certificate authority, this machine's
certificate and key (:class:`TlsFiles`, the files ``dask scheduler`` and ``dask worker``
take as ``--tls-ca-file``, ``--tls-cert`` and ``--tls-key``); a plain ``tcp://``
scheduler only on this machine's loopback (``127.0.0.1``, ``::1``, ``localhost``), or
anywhere with ``insecure`` said out loud. :meth:`Scheduler.check` says what is wrong
before anything is sent.

:func:`make_certificates` makes a certificate authority and a certificate for each
machine with OpenSSL (``ttt-arena cluster-certs``), for a few machines of one's own.

Nothing here imports Qt, nor Dask (the Dask client is made by the runner, on use).
"""

from __future__ import annotations

import ipaddress
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

__all__ = ["SCHEMES", "Scheduler", "SchedulerError", "TlsFiles", "make_certificates"]

SCHEMES: Final = ("tls", "tcp")
CERTIFICATE_DAYS: Final = 825
"""How long the certificates :func:`make_certificates` makes are valid (about two years)."""
_LOOPBACK_NAMES: Final = ("localhost", "localhost.localdomain")


TLS_FILES: Final = ("ca", "cert", "key")
"""The TLS files, in :class:`TlsFiles`'s order: the authority, a certificate, its key."""
_TLS_OPTIONS: Final = {"ca": "--tls-ca-file", "cert": "--tls-cert", "key": "--tls-key"}


class SchedulerError(ValueError):
    """A scheduler refused before anything is sent: the message (in English, with the
    command line's options), ``kind`` saying why for a window to say it in its own words
    ("address", "tls-files", "tls-scheme", "plain-remote", "no-file", "unreadable"),
    with ``file`` (one of :data:`TLS_FILES`), its ``name`` and the OS ``reason`` where a
    file is at fault."""

    def __init__(
        self, message: str, kind: str, *, file: str = "", name: str = "", reason: str = ""
    ) -> None:
        super().__init__(message)
        self.kind, self.file, self.name, self.reason = kind, file, name, reason


@dataclass(frozen=True)
class TlsFiles:
    """The files of a TLS connection to a scheduler: the certificate authority's
    certificate, this machine's certificate and its private key (PEM)."""

    ca_file: str
    cert: str
    key: str

    def check(self) -> None:
        """``ValueError`` naming a file that is missing or can't be read."""
        for key, name in zip(TLS_FILES, (self.ca_file, self.cert, self.key), strict=True):
            what = _TLS_OPTIONS[key]
            path = Path(name)
            if not path.is_file():
                raise SchedulerError(
                    f"{what} {name}: there is no such file", "no-file", file=key, name=name
                )
            try:
                with path.open("rb") as file:
                    file.read(1)
            except OSError as error:
                reason = str(error.strerror or error)
                raise SchedulerError(
                    f"{what} {name}: {reason}", "unreadable", file=key, name=name, reason=reason
                ) from None

    def security(self) -> Any:
        """Dask's ``Security`` for a client with these files, encryption required."""
        from distributed.security import Security  # noqa: PLC0415  (the cluster extra)

        make: Any = Security  # typed or not, whichever Dask is installed
        return make(
            tls_ca_file=self.ca_file,
            tls_client_cert=self.cert,
            tls_client_key=self.key,
            require_encryption=True,
        )


def _is_loopback(host: str) -> bool:
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Scheduler:
    """A Dask scheduler's address and how to reach it safely (see the module)."""

    address: str
    tls: TlsFiles | None = None
    insecure: bool = False

    @property
    def scheme(self) -> str:
        return urlsplit(self.address).scheme.lower() if "://" in self.address else ""

    @property
    def host(self) -> str:
        return urlsplit(self.address).hostname or ""

    def check(self) -> None:
        """:class:`SchedulerError` (a ``ValueError``) with the reason and what to do,
        before anything is sent: an
        address that is not ``tls://`` or ``tcp://``, TLS without its files (or a file
        missing), a plain ``tcp://`` scheduler off this machine without ``insecure``."""
        scheme = self.scheme
        if scheme not in SCHEMES or not self.host:
            raise SchedulerError(
                f"{self.address!r} is not a scheduler's address: write tls://HOST:PORT "
                "(or tcp://127.0.0.1:PORT on this machine)",
                "address",
            )
        if scheme == "tls":
            if self.tls is None:
                raise SchedulerError(
                    f"{self.address} is a TLS scheduler: give --tls-ca-file, --tls-cert and "
                    "--tls-key (ttt-arena cluster-certs makes them)",
                    "tls-files",
                )
            self.tls.check()
            return
        if self.tls is not None:
            raise SchedulerError(
                f"TLS files go with a tls:// scheduler, not {self.address}", "tls-scheme"
            )
        if not _is_loopback(self.host) and not self.insecure:
            raise SchedulerError(
                f"{self.address} is a plain tcp:// scheduler on another machine: anyone who "
                "can reach its port can run any program on every worker. Use "
                "tls://HOST:PORT with --tls-ca-file, --tls-cert and --tls-key (ttt-arena "
                "cluster-certs makes them; start the scheduler and the workers with the "
                "same options), or say --insecure on a network of your own",
                "plain-remote",
            )

    def client_options(self) -> dict[str, Any]:
        """What ``distributed.Client`` is given besides the address (checked first)."""
        self.check()
        if self.tls is None:
            return {}
        return {"security": self.tls.security()}


def _openssl(*arguments: str) -> None:
    done = subprocess.run(
        ["openssl", *arguments], capture_output=True, text=True, check=False, timeout=120
    )
    if done.returncode != 0:
        raise OSError(f"openssl {arguments[0]} failed: {done.stderr.strip()[-300:]}")


def make_certificates(folder: str | Path, names: Iterable[str]) -> list[Path]:
    """Make (in ``folder``) a certificate authority (``ca.pem``, ``ca.key``) and, for each
    of ``names`` (a machine, or ``scheduler``, ``worker``, ``client``), a key and a
    certificate it signed (``NAME.pem``, ``NAME.key``), with OpenSSL. Keys are readable
    by their owner only. An authority already in ``folder`` is used again. Returns the
    files made. ``OSError`` when OpenSSL is missing or fails."""
    if shutil.which("openssl") is None:
        raise OSError("OpenSSL is not installed (Debian and Ubuntu: apt install openssl)")
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    ca, ca_key = out / "ca.pem", out / "ca.key"
    days = str(CERTIFICATE_DAYS)
    if not (ca.exists() and ca_key.exists()):
        _openssl("genrsa", "-out", str(ca_key), "3072")
        ca_key.chmod(0o600)
        _openssl(
            "req", "-x509", "-new", "-key", str(ca_key), "-sha256", "-days", days,
            "-subj", "/CN=TTT Desktop tournament CA", "-out", str(ca),
        )  # fmt: skip
        made += [ca, ca_key]
    for name in names:
        if not name or "/" in name or name.startswith("."):
            raise ValueError(f"{name!r} is not a machine's name")
        key, cert, request = out / f"{name}.key", out / f"{name}.pem", out / f"{name}.csr"
        _openssl("genrsa", "-out", str(key), "2048")
        key.chmod(0o600)
        _openssl("req", "-new", "-key", str(key), "-subj", f"/CN={name}", "-out", str(request))
        _openssl(
            "x509", "-req", "-in", str(request), "-CA", str(ca), "-CAkey", str(ca_key),
            "-CAcreateserial", "-sha256", "-days", days, "-out", str(cert),
        )  # fmt: skip
        request.unlink()
        made += [cert, key]
    return made
