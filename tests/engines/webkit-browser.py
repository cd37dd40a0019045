#!/usr/bin/python3
"""
The WebKitGTK browser WebKitWebDriver drives in the cross-engine suite (tests/engines/run.ts): a bare window
holding one WebKitWebView, with no toolbar, so WebDriver can size it down to a phone's 390 px (MiniBrowser's
toolbar keeps it at about 450 px). WebKitWebDriver starts it with WEBKIT_INSPECTOR_SERVER set; every view it
asks for ("create-web-view") is a new window controlled by automation.

- Every page gets tests/engines/catch-errors.js before its own scripts (a user script).
- Requests to any host but this machine go to a proxy that does not exist, so they fail.
- --disable-features=A,B turns WebKit's own runtime features off (the older-Safari profile:
  CSSAnchorPositioning; stock WebKitGTK already lacks CommandAttributes and RequestIdleCallback).
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

disabled = set()
for arg in sys.argv[1:]:
    if arg.startswith("--disable-features="):
        disabled.update(name for name in arg.split("=", 1)[1].split(",") if name)

features = WebKit2.Settings.get_all_features()
known = {features.get(i).get_identifier(): features.get(i) for i in range(features.get_length())}
unknown = disabled - known.keys()
if unknown:
    sys.exit(f"webkit-browser.py: unknown WebKit features {sorted(unknown)}")

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "catch-errors.js")) as f:
    catch_errors = f.read()

context = WebKit2.WebContext.get_default()
context.set_automation_allowed(True)
context.get_website_data_manager().set_network_proxy_settings(
    WebKit2.NetworkProxyMode.CUSTOM,
    WebKit2.NetworkProxySettings.new("http://127.0.0.1:9", ["localhost", "127.0.0.1", "::1"]),
)
windows = []


def create_view(_session):
    content = WebKit2.UserContentManager()
    content.add_script(
        WebKit2.UserScript(
            catch_errors,
            WebKit2.UserContentInjectedFrames.ALL_FRAMES,
            WebKit2.UserScriptInjectionTime.START,
            None,
            None,
        )
    )
    view = WebKit2.WebView(web_context=context, user_content_manager=content, is_controlled_by_automation=True)
    settings = view.get_settings()
    for name in disabled:
        settings.set_feature_enabled(known[name], False)
    window = Gtk.Window()
    window.set_default_size(1440, 900)
    window.add(view)

    def destroyed(_window):
        windows.remove(window)
        if not windows:
            Gtk.main_quit()

    view.connect("close", lambda _view: window.destroy())
    window.connect("destroy", destroyed)
    windows.append(window)
    window.show_all()
    return view


def started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("gemstate-webkit")
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect("create-web-view", create_view)


context.connect("automation-started", started)
Gtk.main()
