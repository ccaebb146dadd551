/// dunst's configuration on the test desktop, passed with `dunst -config` so the user's own
/// dunstrc is never read. Based on Debian 12's stock dunstrc (dunst 1.9.0); the deliberate
/// differences are marked "test:". `@DMENU@` and `@LIMIT@` are filled in by ``DunstServer``.
enum DunstConfiguration {
    static let template = """
        [global]
            monitor = 0
            follow = none
            width = 300
            height = 300
            origin = top-right
            offset = 10x50
            scale = 0
            # test: the stock 0 (unlimited) re-renders every popup on each Notify (17 calls/s)
            notification_limit = @LIMIT@
            progress_bar = true
            indicate_hidden = yes
            transparency = 0
            separator_height = 2
            padding = 8
            horizontal_padding = 8
            text_icon_padding = 0
            frame_width = 3
            frame_color = "#aaaaaa"
            gap_size = 0
            separator_color = frame
            sort = yes
            # test: Xvfb never sees input, so any idle threshold would stop popups from expiring
            idle_threshold = 0
            font = Monospace 8
            line_height = 0
            markup = full
            format = "<b>%s</b>\\n%b"
            alignment = left
            vertical_alignment = center
            show_age_threshold = 60
            ellipsize = middle
            ignore_newline = no
            # test: every Notify gets its own popup (no merging, no extra NotificationClosed)
            stack_duplicates = false
            hide_duplicate_count = false
            show_indicators = yes
            enable_recursive_icon_lookup = true
            icon_theme = Adwaita
            icon_position = left
            min_icon_size = 32
            max_icon_size = 128
            sticky_history = yes
            history_length = 20
            # test: `dunstctl context` pipes the action list here; dunst-pick answers with the
            # action named in the pick file (see scripts/desktop/dunst-pick)
            dmenu = @DMENU@
            # test: never open a browser for hyperlinks
            browser = /bin/true
            always_run_script = true
            title = Dunst
            class = Dunst
            corner_radius = 0
            ignore_dbusclose = false
            force_xwayland = false
            force_xinerama = false
            mouse_left_click = close_current
            mouse_middle_click = do_action, close_current
            mouse_right_click = close_all

        [urgency_low]
            background = "#222222"
            foreground = "#888888"
            timeout = 10

        [urgency_normal]
            background = "#285577"
            foreground = "#ffffff"
            timeout = 10

        [urgency_critical]
            background = "#900000"
            foreground = "#ffffff"
            frame_color = "#ff0000"
            timeout = 0
        """
}
