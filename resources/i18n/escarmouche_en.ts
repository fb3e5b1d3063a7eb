<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="fr">
<context>
    <name></name>
    <message>
        <source>Choisissez d&apos;abord l&apos;acteur (sélection)</source>
        <translation>Choose the actor first (selection)</translation>
    </message>
    <message>
        <source>Dans la fenêtre de réaction : {label}</source>
        <translation>In the reaction window: {label}</translation>
    </message>
    <message>
        <source>&amp;Appliquer</source>
        <translation>&amp;Apply</translation>
    </message>
    <message>
        <source>Ann&amp;uler</source>
        <translation>&amp;Cancel</translation>
    </message>
    <message>
        <source>Tour &amp;suivant</source>
        <translation>&amp;Next turn</translation>
    </message>
    <message>
        <source>Fermer et passer au tour suivant (« Suivant »)</source>
        <translation>Close and go on to the next turn (“Next”)</translation>
    </message>
    <message>
        <source>&amp;Passer outre (décision du MJ, G-3)</source>
        <translation>O&amp;verride (GM’s decision, G-3)</translation>
    </message>
    <message>
        <source>Les règles interdisent cette action. Cochée, la case l’autorise quand même ; la décision est notée au journal.</source>
        <translation>The rules forbid this action. When ticked, this box allows it anyway; the decision is recorded in the log.</translation>
    </message>
    <message>
        <source>Aucune action possible pour cet acteur.</source>
        <translation>No action is possible for this actor.</translation>
    </message>
    <message>
        <source>Choisissez une cible.</source>
        <translation>Choose a target.</translation>
    </message>
    <message>
        <source>&amp;Fermer</source>
        <translation>&amp;Close</translation>
    </message>
    <message>
        <source>&amp;Suite : {action}</source>
        <translation>&amp;Next: {action}</translation>
    </message>
    <message>
        <source>Ouvrir l’action suivante, même acteur et même cible</source>
        <translation>Open the next action, same actor and same target</translation>
    </message>
    <message>
        <source>&amp;Suite : {action} (lancer)</source>
        <translation>&amp;Next: {action} (roll)</translation>
    </message>
    <message>
        <source>Lancer et appliquer l’action suivante, même acteur et même cible. Pour en saisir les dés, choisissez « Saisir les dés » avant d’appliquer celle-ci.</source>
        <translation>Roll and apply the next action, same actor and same target. To enter its dice, choose “Enter the dice” before applying this one.</translation>
    </message>
    <message>
        <source>{action} — lancer et appliquer</source>
        <translation>{action} — roll and apply</translation>
    </message>
    <message>
        <source>Ouvrir l’action avec les dés lancés par l’application, et l’appliquer</source>
        <translation>Open the action with the dice rolled by the app, and apply it</translation>
    </message>
    <message>
        <source>Bonus</source>
        <translation>Bonus</translation>
    </message>
    <message>
        <source>Nombre à atteindre</source>
        <translation>Target number</translation>
    </message>
    <message>
        <source>Imposer</source>
        <translation>Override</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <source>Valeurs imposées par le MJ (G-3)</source>
        <translation>GM overrides (G-3)</translation>
    </message>
    <message>
        <source>Ac&amp;teur</source>
        <translation>Ac&amp;tor</translation>
    </message>
    <message>
        <source>Ci&amp;ble</source>
        <translation>Tar&amp;get</translation>
    </message>
    <message>
        <source>Aire</source>
        <translation>Area</translation>
    </message>
    <message>
        <source>Actio&amp;n</source>
        <translation>Actio&amp;n</translation>
    </message>
    <message>
        <source>Aire d’effet — {actor} → {count} créature(s)</source>
        <translation>Area of effect — {actor} → {count} creature(s)</translation>
    </message>
    <message>
        <source>Action — {actor}</source>
        <translation>Action — {actor}</translation>
    </message>
    <message>
        <source>Action — {actor} → {target}</source>
        <translation>Action — {actor} → {target}</translation>
    </message>
    <message>
        <source>personne</source>
        <translation>no one</translation>
    </message>
    <message>
        <source>— aucune —</source>
        <translation>— none —</translation>
    </message>
    <message>
        <source>G-3 — Le MJ a le dernier mot : il peut passer outre une règle, et sa décision est consignée au journal.</source>
        <translation>G-3 — The GM has the final say: they can override a rule, and the decision is recorded in the log.</translation>
    </message>
    <message>
        <source>Calcul</source>
        <translation>Calculation</translation>
    </message>
    <message>
        <source>Règle</source>
        <translation>Rule</translation>
    </message>
    <message>
        <source>Terme</source>
        <translation>Term</translation>
    </message>
    <message>
        <source>Valeur</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>Nombre à atteindre : {n}</source>
        <translation>Target number: {n}</translation>
    </message>
    <message>
        <source>Chances : {p}</source>
        <translation>Odds: {p}</translation>
    </message>
    <message>
        <source>Probabilité exacte : {fraction}</source>
        <translation>Exact probability: {fraction}</translation>
    </message>
    <message>
        <source>Moyenne : {mean}</source>
        <translation>Average: {mean}</translation>
    </message>
    <message>
        <source>Face {face} : compte {value}</source>
        <translation>Face {face}: worth {value}</translation>
    </message>
    <message>
        <source>Face {face} : {trade}, compte {value}</source>
        <translation>Face {face}: {trade}, worth {value}</translation>
    </message>
    <message>
        <source>Dé écarté : il ne compte pas</source>
        <translation>Die left out: it does not count</translation>
    </message>
    <message>
        <source>Dé supplémentaire du {trade}</source>
        <translation>Extra die of the {trade}</translation>
    </message>
    <message>
        <source>Dés</source>
        <translation>Dice</translation>
    </message>
    <message>
        <source>&amp;Lancer</source>
        <translation>&amp;Roll</translation>
    </message>
    <message>
        <source>Saisir les &amp;dés</source>
        <translation>Enter the &amp;dice</translation>
    </message>
    <message>
        <source>Saisir le &amp;résultat</source>
        <translation>Enter the r&amp;esult</translation>
    </message>
    <message>
        <source>Les règles ne donnent pas de dés pour ce jet (G-6) : saisissez le résultat.</source>
        <translation>The rules give no dice for this roll (G-6): enter the result.</translation>
    </message>
    <message>
        <source>Lan&amp;cer les dés</source>
        <translation>R&amp;oll the dice</translation>
    </message>
    <message>
        <source>Faces :</source>
        <translation>Faces:</translation>
    </message>
    <message>
        <source>Aucun dé n’est nécessaire pour cette action.</source>
        <translation>This action needs no dice.</translation>
    </message>
    <message>
        <source>Dés — résultat donné par le MJ</source>
        <translation>Dice — result given by the GM</translation>
    </message>
    <message>
        <source>{roll} — {expr}</source>
        <translation>{roll} — {expr}</translation>
    </message>
    <message>
        <source>Dés — {expr}</source>
        <translation>Dice — {expr}</translation>
    </message>
    <message>
        <source>p. ex. 14, ou 14 {top}x2 (deux {top})</source>
        <translation>e.g. 14, or 14 {top}x2 (two {top}s)</translation>
    </message>
    <message>
        <source>{count} dé(s) à {sides} faces, p. ex. « 3 5 6 »</source>
        <translation>{count} × d{sides}, e.g. “3 5 6”</translation>
    </message>
    <message>
        <source>{what} :</source>
        <translation>{what}:</translation>
    </message>
    <message>
        <source>{what} ({low}–{high}) :</source>
        <translation>{what} ({low}–{high}):</translation>
    </message>
    <message>
        <source>Total : {dice} {sign} {bonus} = {n}</source>
        <translation>Total: {dice} {sign} {bonus} = {n}</translation>
    </message>
    <message>
        <source>Total : {n}</source>
        <translation>Total: {n}</translation>
    </message>
    <message>
        <source>{what} : {n}</source>
        <translation>{what}: {n}</translation>
    </message>
    <message>
        <source>Relan&amp;cer</source>
        <translation>Rer&amp;oll</translation>
    </message>
    <message>
        <source>Tout tirer</source>
        <translation>Draw all</translation>
    </message>
    <message>
        <source>Tirer une carte pour chaque unité qui n’en a pas encore</source>
        <translation>Draw a card for every unit that has none yet</translation>
    </message>
    <message>
        <source>Carte</source>
        <translation>Card</translation>
    </message>
    <message>
        <source>Carte de {name}</source>
        <translation>Card of {name}</translation>
    </message>
    <message>
        <source>ex. D♥</source>
        <translation>e.g. Q♥</translation>
    </message>
    <message>
        <source>Saisir la carte tirée : « VP » (Valet de pique), « 10♥ », « RC » (Roi de cœur), « As de trèfle », « Joker »</source>
        <translation>Enter the card drawn: “JS” (Jack of spades), “10♥”, “KH” (King of hearts), “Ace of clubs”, “Joker”</translation>
    </message>
    <message>
        <source>Tirer</source>
        <translation>Draw</translation>
    </message>
    <message>
        <source>Tirer une carte du paquet pour {name}</source>
        <translation>Draw a card from the deck for {name}</translation>
    </message>
    <message>
        <source>Initiative libre</source>
        <translation>Free initiative</translation>
    </message>
    <message>
        <source>Jouer le Joker : agit avant tout le monde ce round</source>
        <translation>Play the Joker: acts before everyone this round</translation>
    </message>
    <message>
        <source>Garder le Joker (tire une autre carte)</source>
        <translation>Keep the Joker (draws another card)</translation>
    </message>
    <message>
        <source>Le Joker rendra béni ou maudit un jet de Trait à venir ; le héros tire une autre carte</source>
        <translation>The Joker will bless or curse a later Trait roll; the hero draws another card</translation>
    </message>
    <message>
        <source>Joker gardé ×{n}, puis : </source>
        <translation>Joker kept ×{n}, then: </translation>
    </message>
    <message>
        <source>à tirer ou à saisir</source>
        <translation>to draw or to type</translation>
    </message>
    <message>
        <source>Joker : l’initiative libre ou le garder ?</source>
        <translation>Joker: free initiative or keep it?</translation>
    </message>
    <message>
        <source>initiative libre : agit avant tout le monde</source>
        <translation>free initiative: acts before everyone</translation>
    </message>
    <message>
        <source>initiative libre (adopté : un groupe ne garde pas de Joker)</source>
        <translation>free initiative (adopted: a group keeps no Joker)</translation>
    </message>
    <message>
        <source>{name} : carte à tirer ou à saisir</source>
        <translation>{name}: card to draw or enter</translation>
    </message>
    <message>
        <source>{name} : Joker — « Initiative libre » ou « Garder le Joker » ?</source>
        <translation>{name}: Joker — “Free initiative” or “Keep the Joker”?</translation>
    </message>
    <message>
        <source>{who} ; on joue de la plus haute à la plus basse (As, Roi, Dame, Valet, 10 … 2 ; à égalité Cœur, Pique, Carreau, Trèfle). Un Joker joué donne l’initiative libre : agir avant tout le monde ({rule}).</source>
        <translation>{who}; play goes from the highest card to the lowest (Ace, King, Queen, Jack, 10 … 2; on a tie Hearts, Spades, Diamonds, Clubs). A Joker played gives free initiative: act before everyone ({rule}).</translation>
    </message>
    <message>
        <source>{name} tient {card}. Attendre : tirer une nouvelle carte ; plus haute, {name} perd l’initiative ce round ; plus basse, son tour passe à la place de la nouvelle carte ({rule}).</source>
        <translation>{name} holds {card}. Wait: draw a new card; higher, {name} loses the initiative this round; lower, their turn moves to the new card&apos;s place ({rule}).</translation>
    </message>
    <message>
        <source>Sans carte ce round (aucune figurine active) : {names}</source>
        <translation>No card this round (no active figurine): {names}</translation>
    </message>
    <message>
        <source>Commencer le combat</source>
        <translation>Start combat</translation>
    </message>
    <message>
        <source>Commencer le combat — cartes d’initiative</source>
        <translation>Start combat — initiative cards</translation>
    </message>
    <message>
        <source>Tirer les cartes — round {n}</source>
        <translation>Draw the cards — round {n}</translation>
    </message>
    <message>
        <source>Distribuer les cartes</source>
        <translation>Deal the cards</translation>
    </message>
    <message>
        <source>Attendre — {name}</source>
        <translation>Wait — {name}</translation>
    </message>
    <message>
        <source>Attendre</source>
        <translation>Wait</translation>
    </message>
    <message>
        <source>Joker : initiative libre, {name} agit tout de suite</source>
        <translation>Joker: free initiative, {name} acts at once</translation>
    </message>
    <message>
        <source>Plus haute que {card} : {name} perd l’initiative ce round</source>
        <translation>Higher than {card}: {name} loses the initiative this round</translation>
    </message>
    <message>
        <source>Plus basse que {card} : {name} jouera à la place de sa nouvelle carte</source>
        <translation>Lower than {card}: {name} will play at its new card’s place</translation>
    </message>
    <message>
        <source>Annuler</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Aucun jet d’initiative n’est demandé pour commencer.</source>
        <translation>No initiative roll is needed to start.</translation>
    </message>
    <message>
        <source>Tout lancer</source>
        <translation>Roll all</translation>
    </message>
    <message>
        <source>Lancer les dés de tous ceux dont l’initiative est vide</source>
        <translation>Roll for everyone whose initiative is empty</translation>
    </message>
    <message>
        <source>Combattant</source>
        <translation>Combatant</translation>
    </message>
    <message>
        <source>Jet</source>
        <translation>Roll</translation>
    </message>
    <message>
        <source>Initiative</source>
        <translation>Initiative</translation>
    </message>
    <message>
        <source>Initiative de {name}</source>
        <translation>Initiative of {name}</translation>
    </message>
    <message>
        <source>Entre {low} et {high}</source>
        <translation>Between {low} and {high}</translation>
    </message>
    <message>
        <source>(action sans description)</source>
        <translation>(action without description)</translation>
    </message>
    <message>
        <source>annulée</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>{n}. {action} : {value}</source>
        <translation>{n}. {action}: {value}</translation>
    </message>
    <message>
        <source>Lancer l’initiative — tour {n}</source>
        <translation>Roll initiative — turn {n}</translation>
    </message>
    <message>
        <source>Ordonner les actions</source>
        <translation>Order the actions</translation>
    </message>
    <message>
        <source>Lancer le jet manquant et ordonner les actions</source>
        <translation>Roll the missing die and order the actions</translation>
    </message>
    <message>
        <source>Lancer les {n} jets manquants et ordonner les actions</source>
        <translation>Roll the {n} missing dice and order the actions</translation>
    </message>
    <message>
        <source>Les jets vides sont lancés par l’application, les valeurs saisies gardées</source>
        <translation>The empty rolls are rolled by the app, the typed values kept</translation>
    </message>
    <message>
        <source>Lancer les dés de tous ceux dont le jet est vide</source>
        <translation>Roll for everyone whose roll is empty</translation>
    </message>
    <message>
        <source>Chaque unité lance son dé ; chaque action déclarée a sa propre initiative, de la plus haute à la plus basse{rule}.</source>
        <translation>Each unit rolls its die; each declared action has its own initiative, from the highest down{rule}.</translation>
    </message>
    <message>
        <source>Unité</source>
        <translation>Unit</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Score d’initiative{rule}</source>
        <translation>Initiative score{rule}</translation>
    </message>
    <message>
        <source>Jet d’initiative de {name}</source>
        <translation>Initiative roll of {name}</translation>
    </message>
    <message>
        <source>{expr} : entre {low} et {high}</source>
        <translation>{expr}: between {low} and {high}</translation>
    </message>
    <message>
        <source>Lancer</source>
        <translation>Roll</translation>
    </message>
    <message>
        <source>Lancer {expr} pour {name}</source>
        <translation>Roll {expr} for {name}</translation>
    </message>
    <message>
        <source>dés : {faces}</source>
        <translation>dice: {faces}</translation>
    </message>
    <message>
        <source>{name} : jet à lancer ou à saisir</source>
        <translation>{name}: roll to make or enter</translation>
    </message>
    <message>
        <source>aucune action ce tour</source>
        <translation>no action this turn</translation>
    </message>
    <message>
        <source>Quel camp prend la première initiative ?</source>
        <translation>Which side takes the first initiative?</translation>
    </message>
    <message>
        <source>{name} : initiative à lancer ou à saisir</source>
        <translation>{name}: initiative to roll or enter</translation>
    </message>
    <message>
        <source>Fond de carte</source>
        <translation>Map background</translation>
    </message>
    <message>
        <source>Parcourir…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <source>Image (PNG, JPEG) :</source>
        <translation>Image (PNG, JPEG):</translation>
    </message>
    <message>
        <source>Échelle :</source>
        <translation>Scale:</translation>
    </message>
    <message>
        <source>Opacité :</source>
        <translation>Opacity:</translation>
    </message>
    <message>
        <source>Image de fond</source>
        <translation>Background image</translation>
    </message>
    <message>
        <source>Image illisible : choisir un fichier PNG ou JPEG.</source>
        <translation>Unreadable image: choose a PNG or JPEG file.</translation>
    </message>
    <message>
        <source>Grille</source>
        <translation>Grid</translation>
    </message>
    <message>
        <source>Afficher la grille</source>
        <translation>Show the grid</translation>
    </message>
    <message>
        <source>Zones : les jetons se rangent dans les zones</source>
        <translation>Zones: tokens line up in the zones</translation>
    </message>
    <message>
        <source>Cases : les jetons occupent des cases (zones alignées)</source>
        <translation>Squares: tokens stand on squares (zones aligned)</translation>
    </message>
    <message>
        <source>Sur les cases, un jeton couvre les cases de sa taille, un déplacement montre son chemin et son coût, les murs et la règle servent au jeu.</source>
        <translation>On squares, a token covers the squares of its size, a move shows its path and its cost, and walls and the ruler come into play.</translation>
    </message>
    <message>
        <source>Jeu :</source>
        <translation>Play:</translation>
    </message>
    <message>
        <source>Côté d’une case :</source>
        <translation>Square size:</translation>
    </message>
    <message>
        <source>Une case vaut :</source>
        <translation>One square is:</translation>
    </message>
    <message>
        <source>Origine X :</source>
        <translation>Origin X:</translation>
    </message>
    <message>
        <source>Origine Y :</source>
        <translation>Origin Y:</translation>
    </message>
    <message>
        <source>Nouvelle rencontre</source>
        <translation>New encounter</translation>
    </message>
    <message>
        <source>Jeu de règles :</source>
        <translation>Ruleset:</translation>
    </message>
    <message>
        <source>Rencontre vide (dessiner la carte, ajouter les combattants)</source>
        <translation>Empty encounter (draw the map, add the combatants)</translation>
    </message>
    <message>
        <source>Rencontre de démonstration du jeu</source>
        <translation>The ruleset’s demo encounter</translation>
    </message>
    <message>
        <source>Distribution des résultats</source>
        <translation>Distribution of results</translation>
    </message>
    <message>
        <source>{value} : {p} (au moins {value} : {q})</source>
        <translation>{value}: {p} (at least {value}: {q})</translation>
    </message>
    <message>
        <source>Préférences</source>
        <translation>Preferences</translation>
    </message>
    <message>
        <source>Langue de l’interface :</source>
        <translation>Interface language:</translation>
    </message>
    <message>
        <source>Le changement de langue prend effet au prochain démarrage.</source>
        <translation>The new language takes effect at the next start.</translation>
    </message>
    <message>
        <source>Importer d’une rencontre</source>
        <translation>Import from an encounter</translation>
    </message>
    <message>
        <source>Rencontres Escarmouche (*.json)</source>
        <translation>Escarmouche encounters (*.json)</translation>
    </message>
    <message>
        <source>{file} est une rencontre du jeu de règles « {other} » : seules celles de « {ruleset} » s’importent ici.</source>
        <translation>{file} is an encounter of the “{other}” ruleset: only those of “{ruleset}” can be imported here.</translation>
    </message>
    <message>
        <source>{file} n’a aucun combattant.</source>
        <translation>{file} has no combatant.</translation>
    </message>
    <message>
        <source>Mettre à jour la bibliothèque</source>
        <translation>Update the library</translation>
    </message>
    <message>
        <source>Rien à écrire : aucun combattant de cette rencontre ne porte le nom d’une entrée de la bibliothèque dont la fiche aurait changé.</source>
        <translation>Nothing to write: no combatant of this encounter has the name of a library entry whose sheet would change.</translation>
    </message>
    <message>
        <source>Bibliothèque mise à jour : {count} entrée(s)</source>
        <translation>Library updated: {count} entry(ies)</translation>
    </message>
    <message>
        <source>Ouvrir une rencontre</source>
        <translation>Open an encounter</translation>
    </message>
    <message>
        <source>Enregistrer la rencontre</source>
        <translation>Save the encounter</translation>
    </message>
    <message>
        <source>Modifications non enregistrées</source>
        <translation>Unsaved changes</translation>
    </message>
    <message>
        <source>« {name} » a été modifiée. Enregistrer avant de continuer ?</source>
        <translation>“{name}” has been modified. Save before continuing?</translation>
    </message>
    <message>
        <source>Ouverture impossible</source>
        <translation>Cannot open</translation>
    </message>
    <message>
        <source>Jeu de règles inconnu</source>
        <translation>Unknown ruleset</translation>
    </message>
    <message>
        <source>Enregistrement impossible</source>
        <translation>Cannot save</translation>
    </message>
    <message>
        <source>Restauration impossible</source>
        <translation>Cannot restore</translation>
    </message>
    <message>
        <source>{path}

{why}

Fichier conservé : {kept}</source>
        <translation>{path}

{why}

File kept: {kept}</translation>
    </message>
    <message>
        <source>Rencontre restaurée depuis la sauvegarde automatique</source>
        <translation>Encounter restored from the autosave</translation>
    </message>
    <message>
        <source>Filtrer le journal</source>
        <translation>Filter the log</translation>
    </message>
    <message>
        <source>Afficher :</source>
        <translation>Show:</translation>
    </message>
    <message>
        <source>Tous</source>
        <translation>All</translation>
    </message>
    <message>
        <source>Combat</source>
        <translation>Combat</translation>
    </message>
    <message>
        <source>Fiche</source>
        <translation>Sheet</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Escarmouche — Vue des joueurs</source>
        <translation>Escarmouche — Players&apos; view</translation>
    </message>
    <message>
        <source>Au tour de</source>
        <translation>Now acting</translation>
    </message>
    <message>
        <source>Combat non commencé</source>
        <translation>Combat not started</translation>
    </message>
    <message>
        <source>Édition de la carte</source>
        <translation>Map editing</translation>
    </message>
    <message>
        <source>Jeu</source>
        <translation>Play</translation>
    </message>
    <message>
        <source>Déplacement refusé : {why}</source>
        <translation>Move refused: {why}</translation>
    </message>
    <message>
        <source>Déplacement contraire aux règles</source>
        <translation>Move against the rules</translation>
    </message>
    <message>
        <source>{why}

Déplacer quand même (décision du MJ) ?</source>
        <translation>{why}

Move anyway (GM’s decision)?</translation>
    </message>
    <message>
        <source>Forcer le déplacement</source>
        <translation>Force the move</translation>
    </message>
    <message>
        <source>Déplacement imposé par le MJ (G-3)</source>
        <translation>Move forced by the GM (G-3)</translation>
    </message>
    <message>
        <source>Renommer la zone</source>
        <translation>Rename the zone</translation>
    </message>
    <message>
        <source>Nom de la zone :</source>
        <translation>Zone name:</translation>
    </message>
    <message>
        <source>Hors de la carte</source>
        <translation>Off the map</translation>
    </message>
    <message>
        <source>« {zone} » contient : {who}.
Où vont ces combattants ?</source>
        <translation>“{zone}” contains: {who}.
Where do these combatants go?</translation>
    </message>
    <message>
        <source>Supprimer la zone</source>
        <translation>Delete the zone</translation>
    </message>
    <message>
        <source>Supprimer « {zone} » ?</source>
        <translation>Delete “{zone}”?</translation>
    </message>
    <message>
        <source>Longueur de la liaison</source>
        <translation>Link length</translation>
    </message>
    <message>
        <source>Longueur en mètres (0 = inconnue) :</source>
        <translation>Length in metres (0 = unknown):</translation>
    </message>
    <message>
        <source>Sélectionner</source>
        <translation>Select</translation>
    </message>
    <message>
        <source>Rompre le contact avec {name}</source>
        <translation>Break contact with {name}</translation>
    </message>
    <message>
        <source>Fermer la porte</source>
        <translation>Close the door</translation>
    </message>
    <message>
        <source>Ouvrir la porte</source>
        <translation>Open the door</translation>
    </message>
    <message>
        <source>Faire une porte ici</source>
        <translation>Make a door here</translation>
    </message>
    <message>
        <source>Changer la porte en mur</source>
        <translation>Turn the door into a wall</translation>
    </message>
    <message>
        <source>Retirer le mur</source>
        <translation>Remove the wall</translation>
    </message>
    <message>
        <source>Longueur en mètres…</source>
        <translation>Length in metres…</translation>
    </message>
    <message>
        <source>Supprimer la liaison</source>
        <translation>Delete the link</translation>
    </message>
    <message>
        <source>Dessiner une zone</source>
        <translation>Draw a zone</translation>
    </message>
    <message>
        <source>Relier deux zones</source>
        <translation>Link two zones</translation>
    </message>
    <message>
        <source>Caché aux joueurs</source>
        <translation>Hidden from the players</translation>
    </message>
    <message>
        <source>Renommer…</source>
        <translation>Rename…</translation>
    </message>
    <message>
        <source>Couleur…</source>
        <translation>Colour…</translation>
    </message>
    <message>
        <source>Relier à</source>
        <translation>Link to</translation>
    </message>
    <message>
        <source>Délier de</source>
        <translation>Unlink from</translation>
    </message>
    <message>
        <source>Supprimer la zone…</source>
        <translation>Delete the zone…</translation>
    </message>
    <message>
        <source>Longueur inconnue</source>
        <translation>Unknown length</translation>
    </message>
    <message>
        <source>Redimensionner</source>
        <translation>Resize</translation>
    </message>
    <message>
        <source>&amp;Fichier</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Édition</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <source>&amp;Combat</source>
        <translation>&amp;Combat</translation>
    </message>
    <message>
        <source>&amp;Affichage</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>Aid&amp;e</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>Chargement de la rencontre…</source>
        <translation>Loading the encounter…</translation>
    </message>
    <message>
        <source>&amp;Nouveau…</source>
        <translation>&amp;New…</translation>
    </message>
    <message>
        <source>&amp;Ouvrir…</source>
        <translation>&amp;Open…</translation>
    </message>
    <message>
        <source>Fichiers &amp;récents</source>
        <translation>&amp;Recent files</translation>
    </message>
    <message>
        <source>&amp;Enregistrer</source>
        <translation>&amp;Save</translation>
    </message>
    <message>
        <source>Enregistrer &amp;sous…</source>
        <translation>Save &amp;as…</translation>
    </message>
    <message>
        <source>Reno&amp;mmer la rencontre…</source>
        <translation>Rena&amp;me encounter…</translation>
    </message>
    <message>
        <source>Importer d’une ren&amp;contre…</source>
        <translation>Import from an en&amp;counter…</translation>
    </message>
    <message>
        <source>Mettre à jour la &amp;bibliothèque…</source>
        <translation>Update the &amp;library…</translation>
    </message>
    <message>
        <source>Aperçu avant &amp;impression…</source>
        <translation>Print pre&amp;view…</translation>
    </message>
    <message>
        <source>Exporter en &amp;PDF…</source>
        <translation>Export to &amp;PDF…</translation>
    </message>
    <message>
        <source>Aperçu pour les &amp;joueurs…</source>
        <translation>Preview for the pla&amp;yers…</translation>
    </message>
    <message>
        <source>Exporter en PDF pour les joueurs…</source>
        <translation>Export PDF for the players…</translation>
    </message>
    <message>
        <source>&amp;Quitter</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>(aucun)</source>
        <translation>(none)</translation>
    </message>
    <message>
        <source>&amp;Annuler</source>
        <translation>&amp;Undo</translation>
    </message>
    <message>
        <source>&amp;Rétablir</source>
        <translation>&amp;Redo</translation>
    </message>
    <message>
        <source>&amp;Historique</source>
        <translation>&amp;History</translation>
    </message>
    <message>
        <source>A&amp;jouter des combattants…</source>
        <translation>&amp;Add combatants…</translation>
    </message>
    <message>
        <source>&amp;Dupliquer le combattant…</source>
        <translation>&amp;Duplicate the combatant…</translation>
    </message>
    <message>
        <source>Re&amp;tirer le combattant</source>
        <translation>Remo&amp;ve the combatant</translation>
    </message>
    <message>
        <source>Mode édition de la &amp;carte</source>
        <translation>&amp;Map edit mode</translation>
    </message>
    <message>
        <source>Dessiner, déplacer et relier les zones</source>
        <translation>Draw, move and link the zones</translation>
    </message>
    <message>
        <source>Outil Sélection</source>
        <translation>Select tool</translation>
    </message>
    <message>
        <source>Outil Dessiner une zone (glisser sur la carte)</source>
        <translation>Draw a zone tool (drag on the map)</translation>
    </message>
    <message>
        <source>Outil Relier deux zones (cliquer l’une puis l’autre)</source>
        <translation>Link two zones tool (click one, then the other)</translation>
    </message>
    <message>
        <source>Outil Mur (glisser le long de la grille)</source>
        <translation>Wall tool (drag along the grid)</translation>
    </message>
    <message>
        <source>Outil Terrain (clic : difficile, infranchissable, dégagé)</source>
        <translation>Terrain tool (click: difficult, impassable, clear)</translation>
    </message>
    <message>
        <source>Règle (glisser pour mesurer)</source>
        <translation>Ruler (drag to measure)</translation>
    </message>
    <message>
        <source>Outil Obscurité (glisser sur les cases)</source>
        <translation>Darkness tool (drag over the squares)</translation>
    </message>
    <message>
        <source>Révéler aux joueurs (glisser sur les cases)</source>
        <translation>Reveal to the players (drag over the squares)</translation>
    </message>
    <message>
        <source>Brouiller à nouveau (glisser sur les cases)</source>
        <translation>Fog again (drag over the squares)</translation>
    </message>
    <message>
        <source>&amp;Fond de carte…</source>
        <translation>Map &amp;background…</translation>
    </message>
    <message>
        <source>&amp;Grille…</source>
        <translation>&amp;Grid…</translation>
    </message>
    <message>
        <source>Éch&amp;elle de la carte…</source>
        <translation>Map &amp;scale…</translation>
    </message>
    <message>
        <source>&amp;Préférences…</source>
        <translation>Pr&amp;eferences…</translation>
    </message>
    <message>
        <source>&amp;Action…</source>
        <translation>&amp;Action…</translation>
    </message>
    <message>
        <source>Action du combattant sélectionné</source>
        <translation>Action of the selected combatant</translation>
    </message>
    <message>
        <source>&amp;Jet libre…</source>
        <translation>&amp;Free roll…</translation>
    </message>
    <message>
        <source>Lancer des dés de son choix, noté au journal</source>
        <translation>Roll any dice, written in the log</translation>
    </message>
    <message>
        <source>&amp;Passer les hors de combat</source>
        <translation>&amp;Skip those out of the fight</translation>
    </message>
    <message>
        <source>« Suivant » passe le tour des hors de combat (noté au journal)</source>
        <translation>“Next” passes the turn of those out of the fight (noted in the log)</translation>
    </message>
    <message>
        <source>&amp;Options de règles…</source>
        <translation>Rule &amp;options…</translation>
    </message>
    <message>
        <source>Les interprétations retenues et règles maison de ce combat (G-5)</source>
        <translation>The adopted interpretations and house rules of this combat (G-5)</translation>
    </message>
    <message>
        <source>Cases &amp;menacées</source>
        <translation>&amp;Threatened squares</translation>
    </message>
    <message>
        <source>Sur la grille, les cases que menace le combattant sélectionné</source>
        <translation>On the grid, the squares the selected combatant threatens</translation>
    </message>
    <message>
        <source>&amp;Ajuster à la fenêtre</source>
        <translation>&amp;Fit to window</translation>
    </message>
    <message>
        <source>Zoom a&amp;vant</source>
        <translation>Zoom &amp;in</translation>
    </message>
    <message>
        <source>Zoom a&amp;rrière</source>
        <translation>Zoom &amp;out</translation>
    </message>
    <message>
        <source>&amp;Taille réelle</source>
        <translation>&amp;Actual size</translation>
    </message>
    <message>
        <source>&amp;Règles du jeu</source>
        <translation>Game &amp;rules</translation>
    </message>
    <message>
        <source>Ra&amp;ccourcis clavier</source>
        <translation>&amp;Keyboard shortcuts</translation>
    </message>
    <message>
        <source>À &amp;propos d’Escarmouche</source>
        <translation>&amp;About Escarmouche</translation>
    </message>
    <message>
        <source>Barre d’outils</source>
        <translation>Toolbar</translation>
    </message>
    <message>
        <source>Dés : {faces}</source>
        <translation>Dice: {faces}</translation>
    </message>
    <message>
        <source>Imposé par le MJ : {key} = {value}</source>
        <translation>Set by the GM: {key} = {value}</translation>
    </message>
    <message>
        <source>Se corrige sur la fiche</source>
        <translation>Edit it on the sheet</translation>
    </message>
    <message>
        <source>Clic sur une case : la valeur s’arrête à cette case</source>
        <translation>Click a box: the value stops at that box</translation>
    </message>
    <message>
        <source>− et + : un de moins, un de plus</source>
        <translation>− and +: one less, one more</translation>
    </message>
    <message>
        <source>Nom</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>État</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>{n} combattant(s)</source>
        <translation>{n} combatant(s)</translation>
    </message>
    <message>
        <source>Camp des joueurs : la vue des joueurs montre ses chiffres</source>
        <translation>The players&apos; side: the players&apos; view shows its numbers</translation>
    </message>
    <message>
        <source>{group} ({n} en jeu / {total})</source>
        <translation>{group} ({n} in play / {total})</translation>
    </message>
    <message>
        <source>{name} (hors combat)</source>
        <translation>{name} (out of combat)</translation>
    </message>
    <message>
        <source>leur camp (le premier s’il n’existe pas ici)</source>
        <translation>their side (the first one if it does not exist here)</translation>
    </message>
    <message>
        <source>Importer</source>
        <translation>Import</translation>
    </message>
    <message>
        <source>Camp</source>
        <translation>Side</translation>
    </message>
    <message>
        <source>Cochez les combattants de « {name} » à ajouter :</source>
        <translation>Tick the combatants of “{name}” to add:</translation>
    </message>
    <message>
        <source>Cochez au moins un combattant.</source>
        <translation>Tick at least one combatant.</translation>
    </message>
    <message>
        <source>Init.</source>
        <translation>Init.</translation>
    </message>
    <message>
        <source>États</source>
        <translation>Conditions</translation>
    </message>
    <message>
        <source>Act.</source>
        <translation>Act.</translation>
    </message>
    <message>
        <source>Hors de combat : son tour vient, « Suivant » le passe</source>
        <translation>Out of the fight: its turn comes, “Next” passes it</translation>
    </message>
    <message>
        <source>Joker</source>
        <translation>Joker</translation>
    </message>
    <message>
        <source>Valet</source>
        <translation>Jack</translation>
    </message>
    <message>
        <source>Dame</source>
        <translation>Queen</translation>
    </message>
    <message>
        <source>Roi</source>
        <translation>King</translation>
    </message>
    <message>
        <source>As</source>
        <translation>Ace</translation>
    </message>
    <message>
        <source>trèfle</source>
        <translation>clubs</translation>
    </message>
    <message>
        <source>carreau</source>
        <translation>diamonds</translation>
    </message>
    <message>
        <source>pique</source>
        <translation>spades</translation>
    </message>
    <message>
        <source>cœur</source>
        <translation>hearts</translation>
    </message>
    <message>
        <source>{rank} de {suit}</source>
        <translation>{rank} of {suit}</translation>
    </message>
    <message>
        <source>Carte d’initiative : de la plus haute à la plus basse, à égalité Cœur, Pique, Carreau, Trèfle ; Joker : initiative libre ({rule})</source>
        <translation>Initiative card: from the highest to the lowest, on a tie Hearts, Spades, Diamonds, Clubs; Joker: free initiative ({rule})</translation>
    </message>
    <message>
        <source>Pas de carte ce round : aucune figurine active</source>
        <translation>No card this round: no active figurine</translation>
    </message>
    <message>
        <source>Carte à tirer (« Tirer les cartes »)</source>
        <translation>Card to draw (“Draw the cards”)</translation>
    </message>
    <message>
        <source>Joker : initiative libre, agit avant tout le monde ({rule})</source>
        <translation>Joker: free initiative, acts before everyone ({rule})</translation>
    </message>
    <message>
        <source>Carte d’initiative : {card} — {name} ({rule})</source>
        <translation>Initiative card: {card} — {name} ({rule})</translation>
    </message>
    <message>
        <source>L’unité dont c’est le tour tire une nouvelle carte : plus haute, elle perd l’initiative ce round ; plus basse, son tour passe à cette carte (W)</source>
        <translation>The unit whose turn it is draws a new card: higher, it loses the initiative this round; lower, its turn moves to that card (W)</translation>
    </message>
    <message>
        <source>Nouveau round : tirer les cartes d’initiative (N)</source>
        <translation>New round: draw the initiative cards (N)</translation>
    </message>
    <message>
        <source>Actions restantes / actions par tour</source>
        <translation>Actions left / actions per turn</translation>
    </message>
    <message>
        <source>Score d’initiative aux déclarations, puis initiative de l’action</source>
        <translation>Initiative score during declarations, then the action’s initiative</translation>
    </message>
    <message>
        <source>simultané · {action}</source>
        <translation>simultaneous · {action}</translation>
    </message>
    <message>
        <source>retardée · {action}</source>
        <translation>delayed · {action}</translation>
    </message>
    <message>
        <source>Initiative : {value}</source>
        <translation>Initiative: {value}</translation>
    </message>
    <message>
        <source>Action retardée : elle a lieu quand le MJ le dit (« Agir maintenant »{rule})</source>
        <translation>Delayed action: it happens when the GM says so (“Act now”{rule})</translation>
    </message>
    <message>
        <source>Retarde son action (« Agir maintenant » pour la reprendre)</source>
        <translation>Delaying (“Act now” to take the turn back)</translation>
    </message>
    <message>
        <source>Action préparée : {trigger}</source>
        <translation>Readied action: {trigger}</translation>
    </message>
    <message>
        <source>Actions restantes : {left} sur {budget}</source>
        <translation>Actions left: {left} of {budget}</translation>
    </message>
    <message>
        <source>Action faite (ou annulée)</source>
        <translation>Action done (or cancelled)</translation>
    </message>
    <message>
        <source>Plus de tour ce round (joué, ou initiative perdue en attendant)</source>
        <translation>No more turn this round (played, or initiative lost while waiting)</translation>
    </message>
    <message>
        <source>A déjà agi ce round</source>
        <translation>Has already acted this round</translation>
    </message>
    <message>
        <source>Score d’initiative : {score}</source>
        <translation>Initiative score: {score}</translation>
    </message>
    <message>
        <source>Déclare :</source>
        <translation>Declares:</translation>
    </message>
    <message>
        <source>Rien de déclaré pour l’instant</source>
        <translation>Nothing declared yet</translation>
    </message>
    <message>
        <source>Action : {action}</source>
        <translation>Action: {action}</translation>
    </message>
    <message>
        <source>Simultanée avec {names} (même initiative, même score) : les actions se résolvent ensemble, les dégâts s’appliquent après{rule}</source>
        <translation>Simultaneous with {names} (same initiative, same score): the actions resolve together, damage applies after both{rule}</translation>
    </message>
    <message>
        <source>Réordonner</source>
        <translation>Reorder</translation>
    </message>
    <message>
        <source>Carte du terrain</source>
        <translation>Battle map</translation>
    </message>
    <message>
        <source>{round} — au tour de {name}</source>
        <translation>{round} — acting: {name}</translation>
    </message>
    <message>
        <source>imprimé le {date} à {time}</source>
        <translation>printed on {date} at {time}</translation>
    </message>
    <message>
        <source>Combattants</source>
        <translation>Combatants</translation>
    </message>
    <message>
        <source>Combat non commencé : pas encore d’ordre du tour.</source>
        <translation>Combat not started: no turn order yet.</translation>
    </message>
    <message>
        <source>Statut</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>({shown} dernières lignes sur {total})</source>
        <translation>(last {shown} lines of {total})</translation>
    </message>
    <message>
        <source>Journal vide.</source>
        <translation>The log is empty.</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Round</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Résultat</source>
        <translation>Outcome</translation>
    </message>
    <message>
        <source>Impossible d’écrire le document</source>
        <translation>Cannot write the document</translation>
    </message>
    <message>
        <source>{title} — page {page}/{pages}</source>
        <translation>{title} — page {page}/{pages}</translation>
    </message>
    <message>
        <source>Aperçu avant impression — {name}</source>
        <translation>Print preview — {name}</translation>
    </message>
    <message>
        <source>Aperçu pour les joueurs — {name}</source>
        <translation>Preview for the players — {name}</translation>
    </message>
    <message>
        <source>Oui</source>
        <translation>Yes</translation>
    </message>
    <message>
        <source>Couleur de la zone</source>
        <translation>Zone colour</translation>
    </message>
    <message>
        <source>Ajouter des combattants</source>
        <translation>Add combatants</translation>
    </message>
    <message>
        <source>Filtrer le bestiaire…</source>
        <translation>Filter the bestiary…</translation>
    </message>
    <message>
        <source>Vierge</source>
        <translation>Blank</translation>
    </message>
    <message>
        <source>hors carte</source>
        <translation>off the map</translation>
    </message>
    <message>
        <source>sur la grille</source>
        <translation>on the grid</translation>
    </message>
    <message>
        <source>Bestiaire</source>
        <translation>Bestiary</translation>
    </message>
    <message>
        <source>Bibliothèque</source>
        <translation>Library</translation>
    </message>
    <message>
        <source>Supprimer</source>
        <translation>Delete</translation>
    </message>
    <message>
        <source>Plusieurs combattants sont numérotés : Gobelin 1, Gobelin 2…</source>
        <translation>Several combatants are numbered: Goblin 1, Goblin 2…</translation>
    </message>
    <message>
        <source>Jusqu’à ce que le MJ le retire</source>
        <translation>Until the GM removes it</translation>
    </message>
    <message>
        <source>Un nombre de rounds</source>
        <translation>A number of rounds</translation>
    </message>
    <message>
        <source>Jusqu’au début de son prochain tour</source>
        <translation>Until the start of its next turn</translation>
    </message>
    <message>
        <source>Jusqu’à la fin de son prochain tour</source>
        <translation>Until the end of its next turn</translation>
    </message>
    <message>
        <source>Jusqu’au début du prochain tour de la source</source>
        <translation>Until the start of the source&apos;s next turn</translation>
    </message>
    <message>
        <source>Jusqu’à la fin du prochain tour de la source</source>
        <translation>Until the end of the source&apos;s next turn</translation>
    </message>
    <message>
        <source>Jusqu’à ce qu’il serve (une attaque, un jet)</source>
        <translation>Until it is used (an attack, a roll)</translation>
    </message>
    <message>
        <source>Ajouter un état — {name}</source>
        <translation>Add a condition — {name}</translation>
    </message>
    <message>
        <source>Autre (état libre)…</source>
        <translation>Other (free condition)…</translation>
    </message>
    <message>
        <source>ex. Aveuglé, À couvert</source>
        <translation>e.g. Blinded, Under cover</translation>
    </message>
    <message>
        <source>Ce que l’état fait (facultatif)</source>
        <translation>What the condition does (optional)</translation>
    </message>
    <message>
        <source> round(s)</source>
        <translation> round(s)</translation>
    </message>
    <message>
        <source>Ajouter</source>
        <translation>Add</translation>
    </message>
    <message>
        <source>&amp;État :</source>
        <translation>&amp;Condition:</translation>
    </message>
    <message>
        <source>&amp;Nom :</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Texte :</source>
        <translation>&amp;Text:</translation>
    </message>
    <message>
        <source>&amp;Durée :</source>
        <translation>&amp;Duration:</translation>
    </message>
    <message>
        <source>&amp;Rounds :</source>
        <translation>&amp;Rounds:</translation>
    </message>
    <message>
        <source>&amp;Source :</source>
        <translation>&amp;Source:</translation>
    </message>
    <message>
        <source>Ajouter un état à {name}…</source>
        <translation>Add a condition to {name}…</translation>
    </message>
    <message>
        <source>Retirer « {state} » ({name})</source>
        <translation>Remove “{state}” ({name})</translation>
    </message>
    <message>
        <source>Rang</source>
        <translation>Tier</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>Nombre</source>
        <translation>Number</translation>
    </message>
    <message>
        <source>Bibliothèque ({count})</source>
        <translation>Library ({count})</translation>
    </message>
    <message>
        <source>Filtrer la bibliothèque…</source>
        <translation>Filter the library…</translation>
    </message>
    <message>
        <source>Renommer dans la bibliothèque</source>
        <translation>Rename in the library</translation>
    </message>
    <message>
        <source>Nouveau nom :</source>
        <translation>New name:</translation>
    </message>
    <message>
        <source>Supprimer de la bibliothèque</source>
        <translation>Delete from the library</translation>
    </message>
    <message>
        <source>Supprimer « {name} » de la bibliothèque ?</source>
        <translation>Delete “{name}” from the library?</translation>
    </message>
    <message>
        <source>Donnez un nom au combattant.</source>
        <translation>Give the combatant a name.</translation>
    </message>
    <message>
        <source>Créez d’abord un camp.</source>
        <translation>Create a side first.</translation>
    </message>
    <message>
        <source>Choisissez une entrée de la bibliothèque.</source>
        <translation>Choose a library entry.</translation>
    </message>
    <message>
        <source>La bibliothèque est vide : « Enregistrer dans la bibliothèque » sur une fiche y garde un combattant.</source>
        <translation>The library is empty: “Save to the library” on a sheet keeps a combatant in it.</translation>
    </message>
    <message>
        <source>Une fiche aux valeurs par défaut du jeu de règles.</source>
        <translation>A sheet with the ruleset’s default values.</translation>
    </message>
    <message>
        <source>Sélectionnez un combattant</source>
        <translation>Select a combatant</translation>
    </message>
    <message>
        <source>Ni sur la vue des joueurs ni dans leur résumé imprimé</source>
        <translation>Neither on the players&apos; view nor in their printed summary</translation>
    </message>
    <message>
        <source>Valeurs calculées</source>
        <translation>Derived values</translation>
    </message>
    <message>
        <source>Notes du MJ sur ce combattant</source>
        <translation>GM’s notes on this combatant</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>Garder ce combattant, son équipement et son état pour d’autres rencontres</source>
        <translation>Keep this combatant, its equipment and its state for other encounters</translation>
    </message>
    <message>
        <source>Caractéristiques</source>
        <translation>Characteristics</translation>
    </message>
    <message>
        <source>Aucun état</source>
        <translation>No conditions</translation>
    </message>
    <message>
        <source>Ajouter un état…</source>
        <translation>Add a condition…</translation>
    </message>
    <message>
        <source>Un état des règles ou un état libre, avec sa durée et sa source (G-3)</source>
        <translation>A condition of the rules or a free one, with its duration and its source (G-3)</translation>
    </message>
    <message>
        <source>Retirer cet état</source>
        <translation>Remove this condition</translation>
    </message>
    <message>
        <source>Retirer {state}</source>
        <translation>Remove {state}</translation>
    </message>
    <message>
        <source>Ajouter depuis la liste…</source>
        <translation>Add from the list…</translation>
    </message>
    <message>
        <source>Ligne vide</source>
        <translation>Empty row</translation>
    </message>
    <message>
        <source>Retirer la ligne</source>
        <translation>Remove the row</translation>
    </message>
    <message>
        <source>vide</source>
        <translation>empty</translation>
    </message>
    <message>
        <source>Case {n} : {level} — {mark}</source>
        <translation>Box {n}: {level} — {mark}</translation>
    </message>
    <message>
        <source>Case {n} : {mark}</source>
        <translation>Box {n}: {mark}</translation>
    </message>
    <message>
        <source>Pistes</source>
        <translation>Tracks</translation>
    </message>
    <message>
        <source>Lancer l’initiative et commencer le round 1 (F5)</source>
        <translation>Roll initiative and start round 1 (F5)</translation>
    </message>
    <message>
        <source>Précédent</source>
        <translation>Previous</translation>
    </message>
    <message>
        <source>Revenir au tour précédent (P)</source>
        <translation>Go back to the previous turn (P)</translation>
    </message>
    <message>
        <source>Suivant</source>
        <translation>Next</translation>
    </message>
    <message>
        <source>Passer à l’unité suivante (N, ou Espace sur la carte)</source>
        <translation>Move on to the next unit (N, or Space on the map)</translation>
    </message>
    <message>
        <source>Retarder</source>
        <translation>Delay</translation>
    </message>
    <message>
        <source>L’unité dont c’est le tour attend ; elle agira plus tard (R)</source>
        <translation>The unit whose turn it is waits; it will act later (R)</translation>
    </message>
    <message>
        <source>Agir maintenant</source>
        <translation>Act now</translation>
    </message>
    <message>
        <source>Préparer…</source>
        <translation>Ready…</translation>
    </message>
    <message>
        <source>L’unité dont c’est le tour prépare une action pour un déclencheur (Maj+P)</source>
        <translation>The unit whose turn it is readies an action for a trigger (Shift+P)</translation>
    </message>
    <message>
        <source>Préparer une action</source>
        <translation>Ready an action</translation>
    </message>
    <message>
        <source>Ce qui déclenche l’action préparée de {name} :</source>
        <translation>What triggers {name}&apos;s readied action:</translation>
    </message>
    <message>
        <source>{name} prépare une action</source>
        <translation>{name} readies an action</translation>
    </message>
    <message>
        <source>L’unité sélectionnée, qui attendait, agit maintenant (Maj+R)</source>
        <translation>The selected unit, which was waiting, acts now (Shift+R)</translation>
    </message>
    <message>
        <source>Fin du combat</source>
        <translation>End combat</translation>
    </message>
    <message>
        <source>Terminer le combat et effacer l’ordre du tour (Maj+F5)</source>
        <translation>End the combat and clear the turn order (Shift+F5)</translation>
    </message>
    <message>
        <source>Ordre du tour</source>
        <translation>Turn order</translation>
    </message>
    <message>
        <source>Camps</source>
        <translation>Sides</translation>
    </message>
    <message>
        <source>Commencer le tour 1 par les déclarations, sans jet (F5)</source>
        <translation>Start turn 1 with the declarations, no roll (F5)</translation>
    </message>
    <message>
        <source>Tirer les cartes d’initiative du round 1 (F5)</source>
        <translation>Draw the initiative cards of round 1 (F5)</translation>
    </message>
    <message>
        <source>Au tour de : {names} ({card})</source>
        <translation>Turn of: {names} ({card})</translation>
    </message>
    <message>
        <source>Au tour de : {names}</source>
        <translation>Acting: {names}</translation>
    </message>
    <message>
        <source>{n} actions sur {m} possibles</source>
        <translation>{n} of {m} actions</translation>
    </message>
    <message>
        <source>{n} action sur {m} possibles</source>
        <translation>{n} of {m} actions</translation>
    </message>
    <message>
        <source>{n} action sur {m} possible</source>
        <translation>{n} of {m} action</translation>
    </message>
    <message>
        <source>Ne peut plus agir avant : {round}</source>
        <translation>Cannot act again before: {round}</translation>
    </message>
    <message>
        <source>Faire agir</source>
        <translation>Activate</translation>
    </message>
    <message>
        <source>L’unité sélectionnée dans l’ordre du tour agit pour son camp (F, ou double-clic)</source>
        <translation>The unit selected in the turn order acts for its side (F, or double-click)</translation>
    </message>
    <message>
        <source>Passer</source>
        <translation>Pass</translation>
    </message>
    <message>
        <source>L’unité qui agit, sinon la sélectionnée, renonce à ses actions restantes (Maj+P)</source>
        <translation>The acting unit, or else the selected one, gives up its remaining actions (Shift+P)</translation>
    </message>
    <message>
        <source>Donner l’initiative…</source>
        <translation>Give initiative…</translation>
    </message>
    <message>
        <source>Le MJ donne l’initiative au camp de son choix (I)</source>
        <translation>The GM gives the initiative to the side of their choice (I)</translation>
    </message>
    <message>
        <source>Action de plus</source>
        <translation>Extra action</translation>
    </message>
    <message>
        <source>Le MJ accorde une action de plus à l’unité sélectionnée (Maj+A)</source>
        <translation>The GM grants the selected unit an extra action (Shift+A)</translation>
    </message>
    <message>
        <source>{name} agit pour son camp (F, ou double-clic)</source>
        <translation>{name} acts for its side (F, or double-click)</translation>
    </message>
    <message>
        <source>{name} renonce à ses actions restantes (Maj+P)</source>
        <translation>{name} gives up its remaining actions (Shift+P)</translation>
    </message>
    <message>
        <source>Le MJ accorde une action de plus à {name} (Maj+A)</source>
        <translation>The GM grants {name} an extra action (Shift+A)</translation>
    </message>
    <message>
        <source>Choisir le camp qui a la première initiative (F5)</source>
        <translation>Choose the side that takes the first initiative (F5)</translation>
    </message>
    <message>
        <source>Agit : {name} — {taken}</source>
        <translation>Acting: {name} — {taken}</translation>
    </message>
    <message>
        <source>Peuvent encore agir : {names}</source>
        <translation>Can still act: {names}</translation>
    </message>
    <message>
        <source>Plus personne de ce camp ne peut agir : « Suivant »</source>
        <translation>Nobody on this side can act any more: “Next”</translation>
    </message>
    <message>
        <source>Choisir qui agit : « Faire agir » ou double-clic</source>
        <translation>Choose who acts: “Activate” or double-click</translation>
    </message>
    <message>
        <source>Initiative : {side}</source>
        <translation>Initiative: {side}</translation>
    </message>
    <message>
        <source>Faire agir {name} quand même (décision du MJ) ?</source>
        <translation>Activate {name} anyway (GM’s decision)?</translation>
    </message>
    <message>
        <source>Faire agir quand même</source>
        <translation>Activate anyway</translation>
    </message>
    <message>
        <source>Faire agir : {name} (imposé par le MJ)</source>
        <translation>Activate: {name} (imposed by the GM)</translation>
    </message>
    <message>
        <source>Faire agir : {name}</source>
        <translation>Activate: {name}</translation>
    </message>
    <message>
        <source>Passer : {name}</source>
        <translation>Pass: {name}</translation>
    </message>
    <message>
        <source>Donner l’initiative</source>
        <translation>Give initiative</translation>
    </message>
    <message>
        <source>Camp qui prend l’initiative :</source>
        <translation>Side that takes the initiative:</translation>
    </message>
    <message>
        <source>Donner l’initiative : {side}</source>
        <translation>Give initiative: {side}</translation>
    </message>
    <message>
        <source>Action de plus : {name}</source>
        <translation>Extra action: {name}</translation>
    </message>
    <message>
        <source>Personne n’agit : « Agir maintenant » ou « Suivant »</source>
        <translation>Nobody is acting: “Act now” or “Next”</translation>
    </message>
    <message>
        <source>« Commencer le combat » pour lancer l’initiative</source>
        <translation>“Start combat” to roll initiative</translation>
    </message>
    <message>
        <source>Déclarer…</source>
        <translation>Declare…</translation>
    </message>
    <message>
        <source>Les actions qu’annonce l’unité dont c’est le tour de déclarer (D, ou double-clic)</source>
        <translation>The actions announced by the unit whose turn it is to declare (D, or double-click)</translation>
    </message>
    <message>
        <source>Les actions qu’annonce {name} (D, ou double-clic sur une ligne)</source>
        <translation>The actions {name} announces (D, or double-click a row)</translation>
    </message>
    <message>
        <source>Lancer l’initiative</source>
        <translation>Roll initiative</translation>
    </message>
    <message>
        <source>Tout le monde a déclaré : lancer l’initiative de chaque unité (N)</source>
        <translation>Everyone has declared: roll each unit’s initiative (N)</translation>
    </message>
    <message>
        <source>L’action en cours attend ; elle aura lieu plus tard, quand le MJ le dit (R)</source>
        <translation>The current action waits; it will happen later, when the GM says so (R)</translation>
    </message>
    <message>
        <source>Tour {n} — déclarations</source>
        <translation>Turn {n} — declarations</translation>
    </message>
    <message>
        <source>Tour {n} — actions</source>
        <translation>Turn {n} — actions</translation>
    </message>
    <message>
        <source>Déclare : {name} (score {score})</source>
        <translation>Declaring: {name} (score {score})</translation>
    </message>
    <message>
        <source>Annonce : {actions}</source>
        <translation>Announces: {actions}</translation>
    </message>
    <message>
        <source>« Déclarer… » (D) ou double-clic, puis « Suivant »</source>
        <translation>“Declare…” (D) or double-click, then “Next”</translation>
    </message>
    <message>
        <source>Dernière déclaration : ensuite « Lancer l’initiative »</source>
        <translation>Last declaration: then “Roll initiative”</translation>
    </message>
    <message>
        <source>Au tour de : {name}</source>
        <translation>Turn of: {name}</translation>
    </message>
    <message>
        <source>Action : {action} (initiative {value})</source>
        <translation>Action: {action} (initiative {value})</translation>
    </message>
    <message>
        <source>Simultanée avec : {names}</source>
        <translation>Simultaneous with: {names}</translation>
    </message>
    <message>
        <source>Retardées : {actions}</source>
        <translation>Delayed: {actions}</translation>
    </message>
    <message>
        <source>Retarder {name} : {action}</source>
        <translation>Delay {name}: {action}</translation>
    </message>
    <message>
        <source>Retarder {name}</source>
        <translation>Delay {name}</translation>
    </message>
    <message>
        <source>{name} agit maintenant : {action}</source>
        <translation>{name} acts now: {action}</translation>
    </message>
    <message>
        <source>{name} agit maintenant</source>
        <translation>{name} acts now</translation>
    </message>
    <message>
        <source>Terminer le combat ? L’ordre du tour et le round seront effacés.</source>
        <translation>End the combat? The turn order and the round will be cleared.</translation>
    </message>
    <message>
        <source>Terminer le combat</source>
        <translation>End combat</translation>
    </message>
    <message>
        <source>Action impossible</source>
        <translation>Action not possible</translation>
    </message>
    <message>
        <source>éléments séparés par « ; »</source>
        <translation>items separated by “;”</translation>
    </message>
    <message>
        <source>p. ex. 2d6+1</source>
        <translation>e.g. 2d6+1</translation>
    </message>
    <message>
        <source>Modification refusée</source>
        <translation>Change refused</translation>
    </message>
    <message>
        <source>Renommer la rencontre</source>
        <translation>Rename encounter</translation>
    </message>
    <message>
        <source>Nom de la rencontre :</source>
        <translation>Encounter name:</translation>
    </message>
    <message>
        <source>Exporter en PDF</source>
        <translation>Export to PDF</translation>
    </message>
    <message>
        <source>Export impossible</source>
        <translation>Cannot export</translation>
    </message>
    <message>
        <source>PDF écrit : {path}</source>
        <translation>PDF written: {path}</translation>
    </message>
    <message>
        <source>Historique</source>
        <translation>History</translation>
    </message>
    <message>
        <source>&lt;début de la session&gt;</source>
        <translation>&lt;start of the session&gt;</translation>
    </message>
    <message>
        <source>Dupliquer</source>
        <translation>Duplicate</translation>
    </message>
    <message>
        <source>Nombre de copies de {name} :</source>
        <translation>Number of copies of {name}:</translation>
    </message>
    <message>
        <source>Retirer le combattant</source>
        <translation>Remove the combatant</translation>
    </message>
    <message>
        <source>Retirer {name} de la rencontre ?</source>
        <translation>Remove {name} from the encounter?</translation>
    </message>
    <message>
        <source>Échelle de la carte</source>
        <translation>Map scale</translation>
    </message>
    <message>
        <source>Mètres par pixel de carte (0 = pas d’échelle) :</source>
        <translation>Metres per map pixel (0 = no scale):</translation>
    </message>
    <message>
        <source>Choisissez d’abord le combattant qui agit.</source>
        <translation>Choose the acting combatant first.</translation>
    </message>
    <message>
        <source>Jet libre</source>
        <translation>Free roll</translation>
    </message>
    <message>
        <source>Dés à lancer (p. ex. 2d6+1, 4d6kh3, 1d10!) :</source>
        <translation>Dice to roll (e.g. 2d6+1, 4d6kh3, 1d10!):</translation>
    </message>
    <message>
        <source>Raccourcis clavier</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message>
        <source>Sur la carte : Espace, Suivant ; Espace maintenue + glisser, déplacer la vue</source>
        <translation>On the map: Space, Next; hold Space and drag, move the view</translation>
    </message>
    <message>
        <source>Dans la fenêtre d’action : Espace lance les dés, Entrée applique</source>
        <translation>In the action window: Space rolls the dice, Enter applies</translation>
    </message>
    <message>
        <source>Dans les camps : + et − changent le compteur de la ligne (Réserve, Menace)</source>
        <translation>In the sides: + and − change the row&apos;s counter (Reserve, Threat)</translation>
    </message>
    <message>
        <source>Partout : Tab et Maj+Tab passent d’un champ à l’autre, Échap ferme</source>
        <translation>Everywhere: Tab and Shift+Tab move between fields, Esc closes</translation>
    </message>
    <message>
        <source>À propos d’Escarmouche</source>
        <translation>About Escarmouche</translation>
    </message>
    <message>
        <source>&lt;b&gt;Escarmouche&lt;/b&gt; {version}&lt;br&gt;Gestionnaire de rencontres pour meneurs de jeu.</source>
        <translation>&lt;b&gt;Escarmouche&lt;/b&gt; {version}&lt;br&gt;Encounter manager for game masters.</translation>
    </message>
    <message>
        <source>Jeu de règles inconnu : {name} ({known})</source>
        <translation>Unknown ruleset: {name} ({known})</translation>
    </message>
    <message>
        <source>Restaurer une rencontre ?</source>
        <translation>Restore an encounter?</translation>
    </message>
    <message>
        <source>Escarmouche ne s’est pas fermé normalement. La rencontre « {name} » a une sauvegarde automatique plus récente que son fichier ({file}).

La restaurer ?</source>
        <translation>Escarmouche did not close normally. The encounter “{name}” has an autosave newer than its file ({file}).

Restore it?</translation>
    </message>
    <message>
        <source>jamais enregistrée</source>
        <translation>never saved</translation>
    </message>
    <message>
        <source>Restaurer</source>
        <translation>Restore</translation>
    </message>
    <message>
        <source>Jet libre {dice} : {total}</source>
        <translation>Free roll {dice}: {total}</translation>
    </message>
    <message>
        <source>{name} est hors de combat : « Suivant » passe son tour</source>
        <translation>{name} is out of the fight: “Next” passes its turn</translation>
    </message>
    <message>
        <source>Enregistré : {path}</source>
        <translation>Saved: {path}</translation>
    </message>
    <message>
        <source>Sauvegarde automatique impossible : {why}. Enregistrez (Ctrl+S).</source>
        <translation>Autosave failed: {why}. Save now (Ctrl+S).</translation>
    </message>
    <message>
        <source>Sauvegarde automatique de secours dans {path} ({why})</source>
        <translation>Autosave in the fallback folder {path} ({why})</translation>
    </message>
    <message>
        <source>Options de règles</source>
        <translation>Rule options</translation>
    </message>
    <message>
        <source>par défaut : {value}</source>
        <translation>default: {value}</translation>
    </message>
    <message>
        <source>Chaque option a pour défaut l’interprétation retenue ; le MJ peut en changer.</source>
        <translation>Each option defaults to the adopted interpretation; the GM can change it.</translation>
    </message>
    <message>
        <source>Valeurs par &amp;défaut</source>
        <translation>Restore &amp;defaults</translation>
    </message>
    <message>
        <source>oui</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>non</source>
        <translation>no</translation>
    </message>
    <message>
        <source>Déclaration — {name}</source>
        <translation>Declaration — {name}</translation>
    </message>
    <message>
        <source>Actions déclarées</source>
        <translation>Declared actions</translation>
    </message>
    <message>
        <source>Une action par ligne, dans l’ordre :
Tirer sur Gaspard
Esquiver</source>
        <translation>One action per line, in order:
Shoot Gaspard
Dodge</translation>
    </message>
    <message>
        <source>Déclarer</source>
        <translation>Declare</translation>
    </message>
    <message>
        <source>Enregistrer la déclaration (Ctrl+Entrée)</source>
        <translation>Record the declaration (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>&amp;Actions annoncées (une par ligne) :</source>
        <translation>&amp;Actions announced (one per line):</translation>
    </message>
    <message>
        <source>score d’initiative {score} — rang {rank} sur {total}</source>
        <translation>initiative score {score} — rank {rank} of {total}</translation>
    </message>
    <message>
        <source>Déjà annoncé :</source>
        <translation>Already announced:</translation>
    </message>
    <message>
        <source>Options de la déclaration</source>
        <translation>Declaration options</translation>
    </message>
    <message>
        <source>&amp;Passer ensuite à {name}</source>
        <translation>&amp;Then go on to {name}</translation>
    </message>
    <message>
        <source>&amp;Puis lancer l’initiative</source>
        <translation>&amp;Then roll initiative</translation>
    </message>
    <message>
        <source>Comme « Suivant » après la déclaration (un pas d’annulation de plus)</source>
        <translation>Like “Next” after the declaration (one more undo step)</translation>
    </message>
    <message>
        <source>Aucune action : en écrire au moins une.</source>
        <translation>No action: write at least one.</translation>
    </message>
    <message>
        <source>1 action</source>
        <translation>1 action</translation>
    </message>
    <message>
        <source>{n} actions</source>
        <translation>{n} actions</translation>
    </message>
    <message>
        <source>Déclarer au moins une action.</source>
        <translation>Declare at least one action.</translation>
    </message>
    <message>
        <source>Attendre…</source>
        <translation>Wait…</translation>
    </message>
    <message>
        <source>Tirer les cartes</source>
        <translation>Draw the cards</translation>
    </message>
    <message>
        <source>Nouveau round : « Tirer les cartes » (N)</source>
        <translation>New round: “Draw the cards” (N)</translation>
    </message>
    <message>
        <source>Dé supplémentaire :</source>
        <translation>Extra die:</translation>
    </message>
    <message>
        <source>Dé supplémentaire</source>
        <translation>Extra die</translation>
    </message>
    <message>
        <source>Dé {n} : {face} → {trade} ({worth} succès + 1 dé)</source>
        <translation>Die {n}: {face} → {trade} ({worth} success + 1 die)</translation>
    </message>
    <message>
        <source>↳ Dé supplémentaire : {face} → {trade} ({worth} succès + 1 dé)</source>
        <translation>↳ Extra die: {face} → {trade} ({worth} success + 1 die)</translation>
    </message>
    <message>
        <source>Compter ce {face} pour {worth} au lieu de {value} et lancer un dé de plus, compté de la même façon ; un {face} sur ce dé peut à son tour être échangé.</source>
        <translation>Count this {face} as {worth} instead of {value} and roll one more die, counted the same way; a {face} on that die may in turn be traded.</translation>
    </message>
    <message>
        <source>Ensuite</source>
        <translation>Then</translation>
    </message>
    <message>
        <source>Suite : {action}</source>
        <translation>Next: {action}</translation>
    </message>
    <message>
        <source>Réagir</source>
        <translation>React</translation>
    </message>
    <message>
        <source>Une réaction avant que la résolution continue</source>
        <translation>A reaction before the resolution goes on</translation>
    </message>
    <message>
        <source>Laisser passer</source>
        <translation>Let it pass</translation>
    </message>
    <message>
        <source>Personne ne réagit : la résolution continue telle quelle</source>
        <translation>Nobody reacts: the resolution goes on as it is</translation>
    </message>
    <message>
        <source>Réaction : {action}</source>
        <translation>Reaction: {action}</translation>
    </message>
    <message>
        <source>Réactions en attente</source>
        <translation>Pending reactions</translation>
    </message>
    <message>
        <source>Jets dus en début de tour</source>
        <translation>Rolls due at the start of the turn</translation>
    </message>
    <message>
        <source>{roll} ({name})</source>
        <translation>{roll} ({name})</translation>
    </message>
    <message>
        <source>{field} {step:+d} ({value} → {new})</source>
        <translation>{field} {step:+d} ({value} → {new})</translation>
    </message>
    <message>
        <source>Échelle inconnue : Édition › Échelle de la carte</source>
        <translation>Unknown scale: Edit › Map scale</translation>
    </message>
    <message>
        <source>Règles du jeu — {name}</source>
        <translation>Rules of the game — {name}</translation>
    </message>
    <message>
        <source>Chercher une règle (numéro ou mot)…</source>
        <translation>Find a rule (number or word)…</translation>
    </message>
    <message>
        <source>Aucune règle ne correspond.</source>
        <translation>No rule matches.</translation>
    </message>
    <message>
        <source>Enregistrer dans la bibliothèque</source>
        <translation>Save to the library</translation>
    </message>
    <message>
        <source>La bibliothèque a déjà « {name} ». Le remplacer par cette fiche ?</source>
        <translation>The library already holds “{name}”. Replace it with this sheet?</translation>
    </message>
    <message>
        <source>Remplacer</source>
        <translation>Replace</translation>
    </message>
    <message>
        <source>« {name} » enregistré dans la bibliothèque</source>
        <translation>“{name}” saved to the library</translation>
    </message>
    <message>
        <source>Enregistrer {name} dans la bibliothèque</source>
        <translation>Save {name} to the library</translation>
    </message>
    <message>
        <source>Réussi !</source>
        <translation>Success!</translation>
    </message>
    <message>
        <source>Raté</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Vue des &amp;joueurs</source>
        <translation>&amp;Players&apos; view</translation>
    </message>
    <message>
        <source>Une fenêtre pour les joueurs, sur un second écran, sans ce qui est caché</source>
        <translation>A window for the players, on a second screen, without what is hidden</translation>
    </message>
    <message>
        <source>M&amp;ontrer aux joueurs</source>
        <translation>&amp;Show the players</translation>
    </message>
    <message>
        <source>La vue des joueurs montre la partie de la carte que vous voyez</source>
        <translation>The players&apos; view shows the part of the map you see</translation>
    </message>
    <message>
        <source>Leur montrer toute la &amp;carte</source>
        <translation>Show them the whole &amp;map</translation>
    </message>
    <message>
        <source>Montrer les &amp;dés des jets du MJ</source>
        <translation>Show the &amp;dice of the GM&apos;s rolls</translation>
    </message>
    <message>
        <source>Écran de la vue des joueurs</source>
        <translation>Screen of the players&apos; view</translation>
    </message>
    <message>
        <source>celui du MJ</source>
        <translation>the GM&apos;s</translation>
    </message>
    <message>
        <source>Ces entrées de la bibliothèque prendront l’état actuel du combattant du même nom (toute sa fiche) :</source>
        <translation>These library entries will take the current state of the combatant of the same name (its whole sheet):</translation>
    </message>
    <message>
        <source>Écrire</source>
        <translation>Write</translation>
    </message>
    <message>
        <source>Camp des joueurs</source>
        <translation>The players&apos; side</translation>
    </message>
    <message>
        <source>Impossible</source>
        <translation>Not possible</translation>
    </message>
    <message>
        <source>Forcer une action (MJ)</source>
        <translation>Force an action (GM)</translation>
    </message>
    <message>
        <source>&amp;Forcer une action (MJ)</source>
        <translation>&amp;Force an action (GM)</translation>
    </message>
    <message>
        <source>Décision du MJ (G-3), notée au journal</source>
        <translation>The GM’s decision (G-3), kept in the log</translation>
    </message>
    <message>
        <source>Propose toutes les actions de ce combattant ; « Passer outre » autorise celle choisie, et le journal note la décision du MJ (G-3).</source>
        <translation>Offers all this combatant’s actions; “Override” allows the one chosen, and the log keeps the GM’s decision (G-3).</translation>
    </message>
    <message>
        <source>{name} est hors de combat : son jet de début de tour est dû</source>
        <translation>{name} is out of the fight: the roll that starts its turn is due</translation>
    </message>
    <message>
        <source>et {n} autre</source>
        <translation>and {n} more</translation>
    </message>
    <message>
        <source>et {n} autres</source>
        <translation>and {n} more</translation>
    </message>
    <message>
        <source>Annuler {n} action</source>
        <translation>Undo {n} action</translation>
    </message>
    <message>
        <source>Annuler {n} actions</source>
        <translation>Undo {n} actions</translation>
    </message>
    <message>
        <source>Rétablir {n} action</source>
        <translation>Redo {n} action</translation>
    </message>
    <message>
        <source>Rétablir {n} actions</source>
        <translation>Redo {n} actions</translation>
    </message>
    <message>
        <source>C’est l’état actuel : rien à annuler.</source>
        <translation>This is the current state: nothing to undo.</translation>
    </message>
    <message>
        <source>Revenir ici</source>
        <translation>Go back here</translation>
    </message>
    <message>
        <source>Choisissez une ligne, puis « Revenir ici » pour y revenir.</source>
        <translation>Choose a line, then “Go back here” to return to it.</translation>
    </message>
    <message>
        <source>Petits</source>
        <translation>Small</translation>
    </message>
    <message>
        <source>Moyens</source>
        <translation>Medium</translation>
    </message>
    <message>
        <source>Grands</source>
        <translation>Large</translation>
    </message>
    <message>
        <source>Très grands</source>
        <translation>Very large</translation>
    </message>
    <message>
        <source>Taille des pions (vue des joueurs)</source>
        <translation>Token size (players&apos; view)</translation>
    </message>
    <message>
        <source>Camp : {side}</source>
        <translation>Side: {side}</translation>
    </message>
    <message>
        <source>Ajouter les combattants, puis « Commencer le combat » (F5)</source>
        <translation>Add the combatants, then “Start combat” (F5)</translation>
    </message>
    <message>
        <source>Aucun combattant : ajoutez-en (Édition › Ajouter des combattants…, Ctrl+Maj+A), puis « Commencer le combat »</source>
        <translation>No combatant: add some (Edit › Add combatants…, Ctrl+Shift+A), then “Start combat”</translation>
    </message>
    <message>
        <source>Aucun fichier récent : enregistrez une rencontre pour la retrouver ici.</source>
        <translation>No recent file: save an encounter to find it here.</translation>
    </message>
    <message>
        <source>Choisir le jeu de règles, puis dessiner la carte et ajouter les combattants</source>
        <translation>Choose the ruleset, then draw the map and add the combatants</translation>
    </message>
    <message>
        <source>Dessiner des zones : ce mode, puis « {tool} », glisser sur la carte</source>
        <translation>Draw zones: this mode, then “{tool}”, drag on the map</translation>
    </message>
    <message>
        <source>Données (rencontres, sauvegardes, récupération, bibliothèque, jeux de règles)</source>
        <translation>Data (encounters, backups, recovery, library, rulesets)</translation>
    </message>
    <message>
        <source>Démo — {ruleset}</source>
        <translation>Demo — {ruleset}</translation>
    </message>
    <message>
        <source>Démos</source>
        <translation>Demos</translation>
    </message>
    <message>
        <source>Fichiers récents</source>
        <translation>Recent files</translation>
    </message>
    <message>
        <source>Gestionnaire de rencontres pour meneurs de jeu. Que voulez-vous ouvrir ?</source>
        <translation>Encounter manager for game masters. What would you like to open?</translation>
    </message>
    <message>
        <source>Lancer les {n} initiatives manquantes et commencer</source>
        <translation>Roll the {n} missing initiatives and start</translation>
    </message>
    <message>
        <source>Lancer l’initiative manquante et commencer</source>
        <translation>Roll the missing initiative and start</translation>
    </message>
    <message>
        <source>Les initiatives vides sont lancées par l’application, les valeurs saisies gardées</source>
        <translation>The app rolls the empty initiatives and keeps the typed ones</translation>
    </message>
    <message>
        <source>Nouvelle rencontre…</source>
        <translation>New encounter…</translation>
    </message>
    <message>
        <source>Ou poser une grille de cases (« {background} » pour une image)</source>
        <translation>Or lay a grid of squares (“{background}” for a picture)</translation>
    </message>
    <message>
        <source>Ouvrir une rencontre…</source>
        <translation>Open an encounter…</translation>
    </message>
    <message>
        <source>Rencontre vide : pour commencer</source>
        <translation>Empty encounter: to begin</translation>
    </message>
    <message>
        <source>Réglages (langue, fichiers récents, disposition)</source>
        <translation>Settings (language, recent files, layout)</translation>
    </message>
    <message>
        <source>Un fichier enregistré (.escarmouche.json)</source>
        <translation>A saved file (.escarmouche.json)</translation>
    </message>
    <message>
        <source>Une rencontre prête pour essayer un jeu de règles ; vous en ouvrez une copie.</source>
        <translation>An encounter ready to try a ruleset; you open a copy of it.</translation>
    </message>
    <message>
        <source>Vos rencontres</source>
        <translation>Your encounters</translation>
    </message>
    <message>
        <source> — active le mode édition de la carte</source>
        <translation> — turns the map’s edit mode on</translation>
    </message>
    <message>
        <source>Mode édition de la carte activé (Ctrl+E pour revenir au jeu)</source>
        <translation>Map edit mode on (Ctrl+E to go back to play)</translation>
    </message>
    <message>
        <source>{name} (hors de combat)</source>
        <translation>{name} (out of the fight)</translation>
    </message>
    <message>
        <source>Aire d’effet</source>
        <translation>Area of effect</translation>
    </message>
    <message>
        <source>Forme de l’aire</source>
        <translation>Area shape</translation>
    </message>
    <message>
        <source>Taille de l’aire</source>
        <translation>Area size</translation>
    </message>
    <message>
        <source>Rayon, ou longueur d’un cône ou d’une ligne</source>
        <translation>Radius, or the length of a cone or a line</translation>
    </message>
    <message>
        <source>&amp;Résoudre…</source>
        <translation>&amp;Resolve…</translation>
    </message>
    <message>
        <source>Un jet de dégâts pour tous, puis chaque sauvegarde</source>
        <translation>One damage roll for all, then each save</translation>
    </message>
    <message>
        <source> et {n} autre(s)</source>
        <translation> and {n} other(s)</translation>
    </message>
    <message>
        <source>{n} prise(s) : {names}</source>
        <translation>{n} caught: {names}</translation>
    </message>
    <message>
        <source>Cliquez pour poser l’aire</source>
        <translation>Click to set the area down</translation>
    </message>
    <message>
        <source>Clic sur un jeton : l’ajouter ou le retirer</source>
        <translation>Click a token: add or remove it</translation>
    </message>
    <message>
        <source>Placez l’aire sur une zone</source>
        <translation>Put the area on a zone</translation>
    </message>
    <message>
        <source>Aire d’e&amp;ffet…</source>
        <translation>Ar&amp;ea of effect…</translation>
    </message>
    <message>
        <source>Tracer une aire d’effet (souffle, boule de feu…) : un jet pour tous</source>
        <translation>Draw an area of effect (breath, fireball…): one roll for all</translation>
    </message>
    <message>
        <source>Annuler l’aire d’effet</source>
        <translation>Cancel the area of effect</translation>
    </message>
    <message>
        <source>Résoudre l’aire d’effet</source>
        <translation>Resolve the area of effect</translation>
    </message>
    <message>
        <source>Quittez d’abord le mode édition (Ctrl+E)</source>
        <translation>Leave the map edit mode first (Ctrl+E)</translation>
    </message>
    <message>
        <source>L’aire n’atteint personne</source>
        <translation>The area catches no one</translation>
    </message>
    <message>
        <source>Ouvrir ou fe&amp;rmer la porte</source>
        <translation>Open or close the &amp;door</translation>
    </message>
    <message>
        <source>La porte à côté du combattant sélectionné</source>
        <translation>The door beside the selected combatant</translation>
    </message>
    <message>
        <source>&amp;Brouillard de guerre</source>
        <translation>Fo&amp;g of war</translation>
    </message>
    <message>
        <source>La vue des joueurs ne montre que ce que voient leurs personnages</source>
        <translation>The players&apos; view shows only what their characters see</translation>
    </message>
    <message>
        <source>Voir comme les joueur&amp;s</source>
        <translation>See as the p&amp;layers</translation>
    </message>
    <message>
        <source>Le brouillard des joueurs en teinte légère sur votre carte</source>
        <translation>The players&apos; fog as a light tint on your map</translation>
    </message>
    <message>
        <source>Le brouillard de guerre est éteint : les joueurs voient toute la carte</source>
        <translation>The fog of war is off: the players see the whole map</translation>
    </message>
    <message>
        <source>Sélectionnez un combattant sur la grille, à côté d’une porte</source>
        <translation>Select a combatant on the grid, beside a door</translation>
    </message>
    <message>
        <source>Aucune porte à côté de {name}</source>
        <translation>No door beside {name}</translation>
    </message>
    <message>
        <source>Dans le noir</source>
        <translation>In the dark</translation>
    </message>
    <message>
        <source>Brouiller à nouveau</source>
        <translation>Fog again</translation>
    </message>
    <message>
        <source>Révéler aux joueurs</source>
        <translation>Reveal to the players</translation>
    </message>
    <message>
        <source>Bloque la vue</source>
        <translation>Blocks sight</translation>
    </message>
</context>
</TS>
