"""WebRTC is closed at the browser, not only in page scripts: a UDP listener on loopback hears
nothing from pages the capture worker's own browser opens, whether the peer connection is made
by the page, by sandboxed `srcdoc` frames (where the init script that deletes RTCPeerConnection
does not run), by a popup, or tried from a dedicated worker."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
from pageport.kinds.page_import import job as capture_job
from pageport.netguard.chromium import (
    MANAGED_POLICY_FILE,
    browser_policy_installed,
    guard_context,
    new_guarded_context_kwargs,
)
from pageport.netguard.policy import TargetPolicy
from pageport.netguard.proxy import EgressProxy

FRAMES = 10


@pytest.fixture
def udp_listener() -> Iterator[tuple[int, list[tuple[str, int]]]]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(0.2)
    heard: list[tuple[str, int]] = []
    stop = threading.Event()

    def listen() -> None:
        while not stop.is_set():
            try:
                heard.append(sock.recvfrom(4096)[1])
            except TimeoutError:
                continue

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    yield sock.getsockname()[1], heard
    stop.set()
    thread.join()
    sock.close()


def _peer_connection(port: int) -> str:
    return (
        f"try {{ const pc = new RTCPeerConnection({{iceServers: [{{urls: 'stun:127.0.0.1:{port}'}}]}});"
        " pc.createDataChannel('x'); pc.createOffer().then(o => pc.setLocalDescription(o)); } catch (e) {}"
    )


def test_the_managed_policy_is_installed_where_chromium_reads_it() -> None:
    assert browser_policy_installed(), f"{MANAGED_POLICY_FILE} is missing or differs: run scripts/bootstrap.sh as root"


def test_no_udp_leaves_from_frames_popups_or_workers(udp_listener: tuple[int, list[tuple[str, int]]]) -> None:
    port, heard = udp_listener
    rtc = _peer_connection(port)
    frame = f'<iframe sandbox="allow-scripts" srcdoc="<script>{rtc}</script>"></iframe>'
    frames = frame * FRAMES
    popup = f"const w = window.open('about:blank'); if (w) {{ w.eval({rtc!r}); }}"
    worker = f"new Worker(URL.createObjectURL(new Blob([{rtc!r}], {{type: 'text/javascript'}})));"
    page_html = f"<html><body>{frames}<script>{rtc}; {popup}; {worker}</script></body></html>"

    browser = capture_job.warm_browser()
    with EgressProxy(TargetPolicy(allow_private=True)) as proxy:
        context = browser.new_context(**new_guarded_context_kwargs(proxy.url))
        try:
            guard_context(context, proxy.blocked)
            page = context.new_page()
            page.set_content(page_html)
            # The frames ran their script (so a silent listener means no UDP, not no attempt).
            assert len(page.frames) >= FRAMES + 1
            time.sleep(3)  # ICE gathering sends its STUN binding requests within a second or two
        finally:
            context.close()
    assert heard == [], f"{len(heard)} UDP datagrams reached the listener"
