#!/usr/bin/python3
"""The WebKit browser of the browser tests: a WebKitGTK embedder with nothing around its web view.

MiniBrowser, WebKitGTK's own, keeps its window at least 447 px wide for its toolbar, wider than a phone. This one
is the web view alone, as an app embeds WKWebView. WebKitWebDriver starts it with `--automation` and drives the
web views it asks for, as it drives MiniBrowser. Options:

- `--messages=FILE`: the app's native side. It registers the script message handler `nordvolt` (the page finds
  `window.webkit.messageHandlers.nordvolt`, exactly as in the iOS app) and appends every message it receives, as
  one JSON line, to FILE.
- `--user-agent=UA`: the web view's user agent (the app's).
- `--no-page-scripts`: the page's own scripts do not run (WebDriver's still do): a visitor without JavaScript.
"""
import sys

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, WebKit2  # noqa: E402

options = dict(arg[2:].split('=', 1) for arg in sys.argv[1:] if arg.startswith('--') and '=' in arg)
messages = open(options['messages'], 'a', encoding='utf-8') if 'messages' in options else None
context = WebKit2.WebContext.new_ephemeral()
context.set_automation_allowed(True)


def received(_manager, result):
    value = result.get_js_value() if hasattr(result, 'get_js_value') else result
    messages.write(value.to_json(0) + '\n')
    messages.flush()


def web_view(_session):
    manager = WebKit2.UserContentManager()
    if messages:
        manager.register_script_message_handler('nordvolt')
        manager.connect('script-message-received::nordvolt', received)
    view = WebKit2.WebView(web_context=context, user_content_manager=manager, is_controlled_by_automation=True)
    settings = view.get_settings()
    if 'user-agent' in options:
        settings.set_user_agent(options['user-agent'])
    if '--no-page-scripts' in sys.argv:
        settings.set_enable_javascript_markup(False)
    window = Gtk.Window()
    window.set_default_size(1024, 768)
    window.add(view)
    view.connect('close', lambda _view: window.destroy())
    window.show_all()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo.new()
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
    session.set_application_info(info)
    session.connect('create-web-view', web_view)


context.connect('automation-started', automation_started)
Gtk.main()
