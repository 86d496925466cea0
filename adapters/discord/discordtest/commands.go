// The bulk registration of application commands, checked as Discord checks
// names, descriptions and localizations.

package discordtest

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
)

var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

var locales = map[string]bool{"en-US": true, "en-GB": true, "es-ES": true, "es-419": true, "fr": true, "de": true, "pt-BR": true}

// putCommands checks and stores a bulk overwrite of commands.
func (s *Server) putCommands(w http.ResponseWriter, app, guildID string, body []byte) {
	if app != s.app {
		s.fail(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	if guildID != "" && s.guilds[guildID] == nil {
		s.fail(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	var cmds []json.RawMessage
	if err := json.Unmarshal(body, &cmds); err != nil {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if len(cmds) > 100 {
		s.fail(w, http.StatusBadRequest, 30032, "Maximum number of application commands reached (100)")
		return
	}
	type opt struct {
		Name                     string            `json:"name"`
		NameLocalizations        map[string]string `json:"name_localizations"`
		Description              string            `json:"description"`
		DescriptionLocalizations map[string]string `json:"description_localizations"`
		Type                     int               `json:"type"`
		Required                 bool              `json:"required"`
		Choices                  []json.RawMessage `json:"choices"`
		Autocomplete             bool              `json:"autocomplete"`
	}
	type cmd struct {
		opt
		Options     []opt   `json:"options"`
		Permissions *string `json:"default_member_permissions"`
	}
	seen := map[string]bool{}
	for _, raw := range cmds {
		var c cmd
		if err := json.Unmarshal(raw, &c); err != nil {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
			return
		}
		all := append([]opt{c.opt}, c.Options...)
		if len(c.Options) > 25 || seen[c.Name] {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: command "+c.Name)
			return
		}
		seen[c.Name] = true
		optional := false
		for i, o := range all {
			bad := ""
			switch {
			case !commandName.MatchString(o.Name):
				bad = "name " + o.Name
			case o.Description == "" || len([]rune(o.Description)) > 100:
				bad = "description of " + o.Name
			case len(o.Choices) > 25:
				bad = "choices of " + o.Name
			case o.Autocomplete && len(o.Choices) > 0:
				bad = "autocomplete with choices: " + o.Name
			case i > 0 && o.Required && optional:
				bad = "required option after an optional one: " + o.Name
			}
			for l, v := range o.NameLocalizations {
				if !locales[l] || !commandName.MatchString(v) {
					bad = "name localization " + l + " of " + o.Name
				}
			}
			for l, v := range o.DescriptionLocalizations {
				if !locales[l] || v == "" || len([]rune(v)) > 100 {
					bad = "description localization " + l + " of " + o.Name
				}
			}
			if bad != "" {
				s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
				return
			}
			if i > 0 && !o.Required {
				optional = true
			}
		}
		if c.Permissions != nil {
			if _, err := strconv.ParseInt(*c.Permissions, 10, 64); err != nil {
				s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: default_member_permissions")
				return
			}
		}
	}
	s.commands[guildID] = cmds
	out := []map[string]any{}
	for _, raw := range cmds {
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		m["id"], m["application_id"] = s.id(), s.app
		if guildID != "" {
			m["guild_id"] = guildID
		}
		out = append(out, m)
	}
	s.ok(w, out)
	s.notify()
}
