"""Who a request counts against, for the queue's fairness: a group and a member in it.

Identities cost an attacker nothing unless something limits them, so the service groups
them by what is hard to come by:

- without a key, or with a key the server cannot check, the group is the client's
  *network* (its address's /24 for IPv4, its /64 for IPv6): many addresses of one network,
  or many made-up keys from one address, share that network's turn; the member is the
  address (or ``address/key``), and members take turns within the group;
- with ``--api-keys FILE``, a key of that file is a group of its own (a known customer
  keeps its share wherever it connects from), and a request with any other key is refused
  (401); a request without a key still counts against its network.

Examples:
    >>> identify("203.0.113.7", None, keys=None)
    ('net:203.0.113.0/24', 'addr:203.0.113.7')
    >>> identify("203.0.113.9", "k1", keys=None)
    ('net:203.0.113.0/24', 'key:203.0.113.9/k1')
    >>> identify("2001:db8::1", None, keys=None)
    ('net:2001:db8::/64', 'addr:2001:db8::1')
    >>> identify("203.0.113.7", "k1", keys=frozenset({"k1"}))
    ('key:k1', 'key:k1')
    >>> identify("203.0.113.7", "k2", keys=frozenset({"k1"}))
    Traceback (most recent call last):
    ...
    pokerforge.errors.UnknownKeyError: the API key is not one this server knows
"""

from __future__ import annotations

import functools
import ipaddress
from pathlib import Path

from pokerforge.errors import PokerError, UnknownKeyError

__all__ = ["IPV4_PREFIX", "IPV6_PREFIX", "UnknownKeyError", "identify", "load_api_keys"]

IPV4_PREFIX = 24
"""IPv4 addresses share a group by their first 24 bits."""
IPV6_PREFIX = 64
"""IPv6 addresses share a group by their first 64 bits (one site's usual allocation)."""


@functools.lru_cache(maxsize=4096)  # parsing an address costs more than a cheap answer
def network(host: str) -> str:
    """The network a client address belongs to for fairness (``host`` itself when it is
    not an IP address, e.g. a Unix socket's peer).

    Examples:
        >>> network("10.1.2.3"), network("::ffff:10.1.2.3"), network("unix")
        ('10.1.2.0/24', '10.1.2.0/24', 'unix')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    prefix = IPV4_PREFIX if address.version == 4 else IPV6_PREFIX
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))


def identify(host: str, key: str | None, *, keys: frozenset[str] | None) -> tuple[str, str]:
    """``(group, member)`` of a request from ``host`` carrying API key ``key`` (see the
    module's description); ``keys`` is the server's list, or ``None`` when it has none.

    Raises:
        UnknownKeyError: ``keys`` is given and ``key`` is not in it.
    """
    if key and keys is not None:
        if key not in keys:
            raise UnknownKeyError("the API key is not one this server knows")
        return "key:" + key, "key:" + key
    group = "net:" + network(host)
    if key:
        return group, f"key:{host}/{key}"
    return group, "addr:" + host


def load_api_keys(path: str | Path) -> frozenset[str]:
    """The API keys in ``path``: one a line; blank lines and lines starting with ``#`` are
    skipped, and white space around a key is not part of it.

    Raises:
        PokerError: the file cannot be read, holds no key, or a key is not plain
            printable ASCII without spaces (what an HTTP header carries unchanged).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise PokerError(f"cannot read the API keys file '{path}': {err}") from None
    keys = set()
    for number, line in enumerate(text.splitlines(), 1):
        key = line.strip()
        if not key or key.startswith("#"):
            continue
        if not (key.isascii() and key.isprintable()) or " " in key or len(key) > 256:
            raise PokerError(
                f"line {number} of '{path}' is not an API key: expected printable ASCII "
                "without spaces, at most 256 characters"
            )
        keys.add(key)
    if not keys:
        raise PokerError(f"the API keys file '{path}' holds no key")
    return frozenset(keys)
