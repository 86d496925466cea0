package console

import (
	"context"
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
)

// texts are the console's own lines, in English and Spanish; the room's
// answers come translated by the room.
var texts = map[string][2]string{ // English, Spanish
	"greeting":    {"pokerroom console: type help for the commands, quit or Ctrl-D to leave.", "consola de pokerroom: escribe help para ver los comandos, quit o Ctrl-D para salir."},
	"too_long":    {"line too long (more than %d bytes): ignored; try help", "línea demasiado larga (más de %d bytes): ignorada; prueba help"},
	"as_usage":    {"usage: as NAME (letters, digits, . - _; at most 32)", "uso: as NOMBRE (letras, dígitos, . - _; como máximo 32)"},
	"as_audience": {"%q is the console's own name for the lines marked [%s]: choose another name", "%q es el nombre que la consola da a las líneas marcadas [%s]: elige otro nombre"},
	"as_now":      {"you are now %s", "ahora eres %s"},
	"unknown":     {"unknown command %q; try help (room commands start with /)", "comando desconocido %q; prueba help (los comandos de la sala empiezan por /)"},
	"no_room":     {"no room is running", "no hay ninguna sala en marcha"},
	"not_cmd":     {"%q is not a command: write / and a name, such as /help", "%q no es un comando: escribe / y un nombre, como /help"},
	"eof_serving": {"end of input: the console is closed; the room serves on until interrupted (Ctrl-C)", "fin de la entrada: la consola se cierra; la sala sigue en marcha hasta que la interrumpas (Ctrl-C)"},
	"quit_args":   {"%[1]s takes no arguments: type %[1]s to leave", "%[1]s no lleva argumentos: escribe %[1]s para salir"},
	"sleep_usage": {"usage: sleep DURATION (such as 30s or 5m)", "uso: sleep DURACIÓN (como 30s o 5m)"},
	"sleep_bad":   {"sleep %q: want a duration from 0s to 24h, such as 30s", "sleep %q: indica una duración de 0s a 24h, como 30s"},
	"sleep_live":  {"sleep works in scripts only (time passes by itself here)", "sleep solo funciona en los guiones (aquí el tiempo pasa solo)"},
	"status":      {"database: %s %s\nschema version: %d\ntelegram: %s\ndiscord: %s", "base de datos: %s %s\nversión del esquema: %d\ntelegram: %s\ndiscord: %s"},
	"status_off":  {"status unavailable: %v", "estado no disponible: %v"},
	"token_set":   {"token configured", "token configurado"},
	"token_unset": {"not configured", "sin configurar"},
	"status_no":   {"status takes no arguments; try status", "status no lleva argumentos; prueba status"},
	"help": {"console commands:\n" +
		"  help      this list; /help lists the room's commands\n" +
		"  status    the database and which platforms are configured\n" +
		"  as NAME   play as another user (or prefix a line: ana: /call)\n" +
		"  sleep 30s in a script, move the room's clock, firing its timers (# starts a comment)\n" +
		"  quit      leave the console (exit too)\n" +
		"room commands start with a slash, which the console lets you leave out: /join /call /check /fold /raise 40 /bet 1/2 pot /leave /wallet /tables ...",
		"comandos de la consola:\n" +
			"  help      esta lista; /help muestra los comandos de la sala\n" +
			"  status    la base de datos y qué plataformas están configuradas\n" +
			"  as NOMBRE juega como otro usuario (o empieza la línea así: ana: /call)\n" +
			"  sleep 30s en un guion, adelanta el reloj de la sala y sus temporizadores (# empieza un comentario)\n" +
			"  quit      sal de la consola (exit también)\n" +
			"los comandos de la sala empiezan por una barra, que en la consola puedes omitir: /join /call /check /fold /raise 40 /bet 1/2 pot /leave /wallet /tables ..."},
	"w_failed": {"Could not /%s at start (%s). Type /tables to see the tables, /join #N to sit at one, or /newtable nlhe 1/2 to open one.",
		"No se pudo hacer /%s al empezar (%s). Escribe /tables para ver las mesas, /join #N para sentarte en una o /newtable nlhe 1/2 para abrir otra."},
	"w_seats": {"Could not read your seats at start (%s). Type /tables to see the tables.",
		"No se pudieron leer tus asientos al empezar (%s). Escribe /tables para ver las mesas."},
	"w_back": {"You are at table %s (%s). /tables lists every table.", "Estás en la mesa %s (%s). /tables muestra todas las mesas."},
	"w_new": {"You are at a table with three practice opponents. Three things to try first:\n" +
		"  1. play: when it is your turn, type /call, /check, /fold or /raise 10 (/help playing);\n" +
		"  2. a tournament: /tourney create Friday start=sng seats=6 bots=on, then /register and /tourney bots 5 (/help tournaments);\n" +
		"  3. your hands: /history, and /export for a file your tracker reads.\n" +
		"/help lists the rest; /quit leaves.",
		"Estás en una mesa con tres rivales de práctica. Tres cosas para empezar:\n" +
			"  1. jugar: cuando te toque, escribe /call, /check, /fold o /raise 10 (/help playing);\n" +
			"  2. un torneo: /tourney create Viernes start=sng seats=6 bots=on, después /register y /tourney bots 5 (/help tournaments);\n" +
			"  3. tus manos: /history, y /export para un archivo que lee tu programa de seguimiento.\n" +
			"/help muestra el resto; /quit sale."},
	"file_wrote":  {"wrote %s (%d bytes): %s", "escrito %s (%d bytes): %s"},
	"file_name":   {"could not write the file %q: not a file name", "no se pudo escribir el archivo %q: no es un nombre de archivo"},
	"file_failed": {"could not write %s: %v", "no se pudo escribir %s: %v"},
	"file_taken":  {"could not write %s: %d files of that name are there already", "no se pudo escribir %s: ya hay %d archivos con ese nombre"},
	"w_full": {"Every table here is full. /tables lists them; /newtable nlhe 1/2 opens another.",
		"Todas las mesas están llenas. /tables las muestra; /newtable nlhe 1/2 abre otra."},
}

// lang is the language of user's lines: Lang's answer, else English.
func (c *Console) lang(ctx context.Context, user string) string {
	if c.Lang == nil {
		return bot.English
	}
	return bot.LangFor(c.Lang(ctx, user), "", "")
}

// text is the console's line key in user's language.
// ServesOn tells the console's reader, after the end of its input, that
// the room goes on serving (run with a platform or HTTP_ADDR).
func (c *Console) ServesOn(ctx context.Context) {
	c.Sink.Print("console", c.text(ctx, c.User, "eof_serving"))
}

func (c *Console) text(ctx context.Context, user, key string, args ...any) string {
	m := texts[key]
	s := m[0]
	if c.lang(ctx, user) == bot.Spanish {
		s = m[1]
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// Langs is what RoomLang needs of the room: the language it answers a
// command's user in.
type Langs interface {
	LangOf(ctx context.Context, cmd bot.Command) string
}

// RoomLang is the Console.Lang of a room: the language it answers a
// console user in, in the console's chat.
func RoomLang(rm Langs) func(ctx context.Context, user string) string {
	return func(ctx context.Context, user string) string {
		return rm.LangOf(ctx, bot.Command{Platform: Platform, Chat: Chat, ChatTitle: "console", User: user, UserName: user})
	}
}
